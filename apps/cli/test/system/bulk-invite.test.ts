import type { TestDetails } from '@assay/domain';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 33, item 2: `assay invite TEST_ID --csv FILE` against a real server and its worker. */
describe('assay invite --csv', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  let dir: string;
  beforeAll(async () => {
    org = await newOrg('Bulk CLI');
    dir = mkdtempSync(join(tmpdir(), 'assay-cli-bulk-'));
    env = cleanEnv({ HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'frontend-accessibility');
  });

  it('invites a file, exits 0, and the same file again invites nobody twice', async () => {
    const file = join(dir, 'good.csv');
    writeFileSync(file, '\uFEFFemail,name\r\nann@example.com,"Lee, Ann"\r\nbob@example.com,Bob\r\n');
    const first = await runAssay(['invite', String(test.testId), '--csv', file], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^job \d+: 2 invited, 0 already invited, 0 refused of 2 rows\n$/);
    const again = await runAssay(['invite', String(test.testId), '--csv', file, '--json'], env);
    expect(again.code).toBe(0);
    const job = JSON.parse(again.stdout) as { resubmitted: boolean; invited: number; rows: { outcome: string }[] };
    expect(job).toMatchObject({ resubmitted: true, invited: 2 });
    expect(job.rows.map((row) => row.outcome)).toEqual(['invited', 'invited']);
  }, 60_000);

  it('prints refused rows with their reasons, saves them as CSV, and exits 4', async () => {
    const file = join(dir, 'mixed.csv');
    const refused = join(dir, 'refused.csv');
    writeFileSync(file, 'email,name\ncarol@example.com,Carol\nnot-an-address,Dan\n');
    const run = await runAssay(['invite', String(test.testId), '--csv', file, '--refused-csv', refused], env);
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/1 invited, 0 already invited, 1 refused of 2 rows\nrow 2 not-an-address: email must be a valid email address/);
    expect(run.stderr).toMatch(/^rows refused: 1 of 2 rows were refused/);
    expect(readFileSync(refused, 'utf8')).toMatch(/^row,email,reason\n2,not-an-address,email must be a valid email address/);
  }, 60_000);

  it('answers usage errors with 2', async () => {
    expect((await runAssay(['invite', String(test.testId), '--csv', join(dir, 'missing.csv')], env)).code).toBe(2);
    expect((await runAssay(['invite', String(test.testId), '--csv', join(dir, 'good.csv'), '--email', 'x@example.com'], env)).code).toBe(2);
    expect((await runAssay(['invite', String(test.testId)], env)).code).toBe(2);
  });
});
