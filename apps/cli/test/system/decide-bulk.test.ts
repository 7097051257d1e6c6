import type { BulkDecisionAnswer } from '@assay/domain/invitations';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 61 item 2: `assay decide --test TEST --filter|--ids` against a real server. */
describe('assay decide, many at once', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let testId = '';
  const ids: number[] = [];

  beforeAll(async () => {
    org = await newOrg('Bulk decide');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
    const test = await importExample(org.client, 'sql-and-data-modelling');
    testId = String(test.testId);
    for (const [emailId, fullName] of [
      ['ada@example.com', 'Ada Lovelace'],
      ['alan@example.com', 'Alan Turing'],
      ['grace@example.com', 'Grace Hopper'],
    ] as const) {
      ids.push((await org.client.invitations.register(test.testId, { emailId, fullName })).testInvitationId);
    }
    await org.client.decisions.decide(ids[0]!, { decision: 'shortlisted' });
  });

  const decisionOf = async (id: number) => (await org.client.decisions.evaluation(id)).decision?.decision ?? null;

  it('prints who would be decided in a dry run and decides nobody', async () => {
    const run = await runAssay(['decide', '--test', testId, '--filter', 'undecided', 'reject', '--reason', 'Below the bar', '--dry-run'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^ID\s+NAME\s+BEFORE\s+OUTCOME$/m);
    expect(run.stdout).toMatch(/Alan Turing\s+none\s+would be decided/);
    expect(run.stdout).not.toMatch(/Ada Lovelace/);
    expect(run.stdout).toMatch(/^2 would be decided, 0 unchanged, 0 not found\.$/m);
    expect(run.stdout.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(await decisionOf(ids[1]!)).toBeNull();
  });

  it('refuses without a terminal and without --yes, before deciding anyone (exit 2)', async () => {
    const run = await runAssay(['decide', '--test', testId, '--filter', 'undecided', 'reject'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--yes/);
    expect(await decisionOf(ids[2]!)).toBeNull();
  });

  it('decides by filter with --yes and by ids, printing each outcome and a summary', async () => {
    const run = await runAssay(['decide', '--test', testId, '--filter', 'undecided', 'reject', '--reason', 'Below the bar', '--yes'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/Grace Hopper\s+none\s+decided/);
    expect(run.stdout).toMatch(/^2 decided, 0 unchanged, 0 not found\.$/m);
    expect([await decisionOf(ids[1]!), await decisionOf(ids[2]!)]).toEqual(['rejected', 'rejected']);

    const byIds = await runAssay(['decide', '--test', testId, '--ids', `${ids[0]},${ids[1]},999999`, 'shortlist', '--yes', '--json'], env);
    const answer = JSON.parse(byIds.stdout) as BulkDecisionAnswer;
    expect({ decided: answer.decided, unchanged: answer.unchanged, notFound: answer.notFound }).toEqual({ decided: 1, unchanged: 1, notFound: 1 });
    expect(await decisionOf(ids[1]!)).toBe('shortlisted');
  });

  it('exits 2 on a filter word it does not know, or a strict score bound, before any request', async () => {
    for (const filter of ['score<50,undecided', 'hired']) {
      const run = await runAssay(['decide', '--test', testId, '--filter', filter, 'reject', '--dry-run'], env);
      expect(run.code, filter).toBe(2);
    }
    expect((await runAssay(['decide', '--test', testId, 'reject', '--dry-run'], env)).code).toBe(2);
  });
});
