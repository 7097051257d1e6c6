import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

/**
 * A fresh process renders PDFs through the renderer's pool and reports, after each, whether libvips (sharp) is
 * loaded on the request thread and on the render thread. Fresh, because any test file may have loaded sharp.
 */
const script = `
import { createRequire } from 'node:module';
import { ReportRenderer } from ${JSON.stringify(dist('host.js'))};
import { sampleReportDetails } from ${JSON.stringify(dist('sample-report.js'))};
const sharpIn = (cache) => Object.keys(cache).some((path) => path.includes('/sharp/'));
const here = () => sharpIn(createRequire(import.meta.url).cache);
const renderer = new ReportRenderer({ threads: 1 });
const render = (snapshots) =>
  renderer.renderPdf(async () => ({ details: sampleReportDetails({ questions: 2, snapshots: snapshots.length }), generatedAt: 0, snapshots }));
const seen = [];
await render([]);
seen.push(here());
await render([{ takenAt: '2026-04-30T09:15:00.000Z', data: Buffer.from('not an image') }]);
seen.push(here());
await renderer.close();
console.log(JSON.stringify(seen));
`;

describe('sharp on demand', () => {
  it('stays unloaded while PDFs have no snapshots, and is loaded on the request thread before the first that has', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual([false, true]);
  });

  it('leaves a render thread without snapshots free of sharp', () => {
    const probe = `
      const { thumbnailsOf } = await import(${JSON.stringify(dist('report-pdf-file.js'))});
      const { createRequire } = await import('node:module');
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/sharp/'));
      const before = (await thumbnailsOf([])).length === 0 && loaded();
      const thumbnails = await thumbnailsOf([{ takenAt: '2026-04-30T09:15:00.000Z', data: Buffer.from('not an image') }]);
      console.log(JSON.stringify([before, thumbnails.length === 1 && loaded()]));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual([false, true]);
  });
});
