import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

/** A process started with V8 and process-wide options renders a PDF and a workbook through the renderer's threads. */
const script = `
import { ReportRenderer } from ${JSON.stringify(dist('host.js'))};
import { sampleReportDetails } from ${JSON.stringify(dist('sample-report.js'))};
const renderer = new ReportRenderer({ threads: 1 });
const pdf = await renderer.renderPdf(async () => ({ details: sampleReportDetails({ questions: 2, snapshots: 0 }), generatedAt: 0, snapshots: [] }));
await renderer.close();
console.log(JSON.stringify({ pdf: Buffer.from(pdf).subarray(0, 5).toString('latin1') }));
`;

describe('render threads under operator options', () => {
  it('start whatever V8 or process options the server was given', () => {
    const options = ['--max-old-space-size=256', '--max-semi-space-size=8', '--stack-size=900', '--title=assay-test', '--enable-source-maps'];
    const out = execFileSync(process.execPath, [...options, '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual({ pdf: '%PDF-' });
  });
});
