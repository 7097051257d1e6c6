import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 52 in the CLI: `assay tests settings TEST [--set key=value…]` reads a test's settings and writes them back whole
 * with the changes (decision 933); a bad key or value exits 2 and sends nothing, the server's refusals exit 1.
 */
describe('assay tests settings', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let testId = 0;
  beforeAll(async () => {
    org = await newOrg('Settings');
    testId = (await importExample(org.client, 'javascript-fundamentals')).testId;
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-settings-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('shows every setting under its key, changes some, and refuses what is not a setting', async () => {
    const shown = await runAssay(['tests', 'settings', String(testId)], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Settings of test ${testId}:`);
    expect(shown.stdout).toMatch(/showQuestionScore: +on/);
    expect(shown.stdout).toMatch(/windowViolationCount: +0/);

    const set = await runAssay(
      [
        'tests',
        'settings',
        String(testId),
        '--set',
        'showQuestionScore=false',
        '--set',
        'windowViolationCount=2',
        '--set',
        'testAliasName=JS screen',
        '--json',
      ],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    const written = JSON.parse(set.stdout);
    expect(written.questionSettings.showQuestionScore).toBe(false);
    expect(written.windowViolationSettings.displayViolationSettings.terminateTestAfterViolationCount).toBe(2);
    expect(written.testSettings.testAliasName).toBe('JS screen');
    expect(await org.client.testSettings.get(testId)).toEqual(written);

    for (const bad of ['shuffle=true', 'showQuestionScore=maybe', 'windowViolationCount=lots', 'testName=', 'randomQuestions']) {
      const refused = await runAssay(['tests', 'settings', String(testId), '--set', bad], env);
      expect(refused.code, bad).toBe(2);
    }
    const outOfRange = await runAssay(['tests', 'settings', String(testId), '--set', 'imageViolationCount=500'], env);
    expect(outOfRange.code).toBe(1);
    expect(outOfRange.stderr).toContain('400.2');
    expect(await org.client.testSettings.get(testId)).toEqual(written);
    expect((await runAssay(['tests', 'settings', '999999'], env)).code).toBe(1);
  });

  it('changes the AI group (issue 60), says a policy needing a model is refused (400.31), and ai-check says there is no model', async () => {
    const set = await runAssay(['tests', 'settings', String(testId), '--set', 'followUps=2', '--set', 'followUpSeconds=90'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/followUps: +2/);
    expect(set.stdout).toMatch(/aiPolicy: +none/);
    const refused = await runAssay(['tests', 'settings', String(testId), '--set', 'aiPolicy=guarded'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('400.31');
    expect(refused.stderr).toMatch(/no model is configured/);
    const bad = await runAssay(['tests', 'settings', String(testId), '--set', 'aiPolicy=maybe'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('aiPolicy takes none, guarded or open, not "maybe".');
    const check = await runAssay(['tests', 'ai-check', String(testId)], env);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('400.31');
    expect(check.stderr).toMatch(/Checking which questions a model solves needs a model/);
  }, 150_000);
});
