import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 62 item 5 in the CLI: `assay tests analysis TEST [--json]` against the real server. */
describe('assay tests analysis', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let testId = 0;
  beforeAll(async () => {
    org = await newOrg('Item analysis');
    testId = (await importExample(org.client, 'javascript-fundamentals')).testId;
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-analysis-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('prints a line a question, says too few attempts before any, and answers JSON; a missing test exits 1 with 404.2', async () => {
    const shown = await runAssay(['tests', 'analysis', String(testId)], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Test ${testId}, version 1: 0 attempts with final results`);
    expect(shown.stdout).toMatch(/^1\s+\d+\s+[0-9a-f]{8}\s+0\s+–\s+–\s+–\s+too few$/m);
    const json = await runAssay(['tests', 'analysis', String(testId), '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    const analysis = JSON.parse(json.stdout) as { testId: number; questions: { attempts: number; flags: string[] }[] };
    expect(analysis.testId).toBe(testId);
    expect(analysis.questions.length).toBeGreaterThan(0);
    expect(analysis.questions.every((row) => row.attempts === 0 && row.flags.join() === 'too-few-attempts')).toBe(true);
    // A version by number (not `--version`, which is the CLI's own): the one the test has, and one it has not.
    const first = await runAssay(['tests', 'analysis', String(testId), '--test-version', '1'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Test ${testId}, version 1:`);
    const unknown = await runAssay(['tests', 'analysis', String(testId), '--test-version', '9'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('404.2');
    const missing = await runAssay(['tests', 'analysis', '999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('404.2');
  }, 120_000);
});
