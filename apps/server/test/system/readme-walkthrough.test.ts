/**
 * The README's walkthrough, pasted as a new user would: every `sh` block that calls the API, in order, run by
 * bash with curl against a fresh Assay started as `scripts/up.sh` starts it (demo seed, in-process worker).
 * Only the key and the port are filled in. Every call must answer 200.1 and the two downloads must be a PDF
 * and a workbook, so the walkthrough can never again describe something the server refuses.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, buildIfStale, killAll, startServer, waitForOutput } from './processes.js';

/** The `sh` blocks of the README that talk to the API (the walkthrough and the authoring example). */
const apiBlocks = (readme: string): string[] =>
  [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((block) => /^api /m.test(block) || /^api\(\)/m.test(block));

describe('the README walkthrough', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-readme-'));
  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs as pasted against a fresh server: every call 200.1, a PDF and a workbook downloaded', async () => {
    buildIfStale();
    const server = await startServer('readme', `sqlite:${join(dir, 'assay.db')}`, {
      ASSAY_SEED_DEMO: 'true',
      ASSAY_RUN_WORKER: 'true',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
    });
    await waitForOutput(server.proc, /shown only this once; keep it:\s+(assay_\S+)/);
    const key = /shown only this once; keep it:\s+(assay_\S+)/.exec(server.proc.output())![1]!;

    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // The banner the README shows is the one a first start prints: the example tests it seeds, counted (issue 59 item 9).
    const seeded = /Seeded a demo organization \(id 1\) with \d+ example tests\./.exec(server.proc.output())?.[0];
    expect(seeded, server.proc.output()).toBeDefined();
    expect(readme).toContain(seeded);
    const blocks = apiBlocks(readme);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const script = blocks
      .join('\n')
      .replace(/^export KEY=.*$/m, `export KEY=${key}`)
      .replaceAll('http://localhost:3000', server.url);
    expect(script).toContain(`export KEY=${key}`);
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));

    const output = execFileSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    const envelopes = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { statuscode: string; result: unknown });
    const calls = script.split('\n').filter((line) => /^api /.test(line)).length;
    expect(envelopes).toHaveLength(calls);
    for (const envelope of envelopes) expect(envelope.statuscode, JSON.stringify(envelope)).toBe('200.1');
    // The reattempt of the completed invitation answered a new URL; the cancel of the pending one, cancelled.
    expect(envelopes).toContainEqual(
      expect.objectContaining({ result: expect.objectContaining({ testInvitationId: 3, takeTestURL: expect.stringContaining('/t/') }) }),
    );
    expect(envelopes).toContainEqual(expect.objectContaining({ result: { testInvitationId: 1, status: 'cancelled' } }));

    expect(readFileSync(join(dir, 'assay-report-2.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readFileSync(join(dir, 'assay-test-1-report.xlsx')).subarray(0, 2).toString('latin1')).toBe('PK');
  }, 120_000);
});
