import type { ErasedCandidates } from '@assay/domain/invitations';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 51 item 1: `assay erase`, run as a person runs it (the built bin) against the real server, with its confirmation. */
describe('assay erase', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  const register = async (testId: number, emailId: string) =>
    (await org.client.invitations.register(testId, { emailId, fullName: 'Alan Turing' })).testInvitationId;
  const fullNameOf = async (id: number) => (await org.client.reports.get(id)).fullName;

  beforeAll(async () => {
    org = await newOrg('Erasure');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
  });

  it('erases every invitation of an address once the address is typed again, and nothing when it is not', async () => {
    const test = await importExample(org.client, 'sql-and-data-modelling');
    const ids = [await register(test.testId, 'alan@example.com'), await register(test.testId, 'grace@example.com')];

    const refused = await runAssay(['erase', '--email', 'alan@example.com'], env, 30_000, 'grace@example.com\n');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Not erased: the confirmation did not match alan@example.com/);
    const unanswered = await runAssay(['erase', '--email', 'alan@example.com'], env);
    expect(unanswered.code).toBe(2);
    expect(await fullNameOf(ids[0]!)).toBe('Alan Turing');

    const erased = await runAssay(['erase', '--email', 'alan@example.com'], env, 30_000, 'ALAN@example.com\n');
    expect({ code: erased.code, stdout: erased.stdout }).toEqual({
      code: 0,
      stdout: `Erased every invitation of that address (${ids[0]}): 1 now, 0 erased before.\nNames, address, answers, code, snapshots and notes are gone; scores stay as "Erased candidate".\n`,
    });
    expect(await fullNameOf(ids[0]!)).toBe('Erased candidate');
    expect(await fullNameOf(ids[1]!)).toBe('Alan Turing');

    // Again: nothing is held of the address (404.51, exit 1); one invitation by id with --yes, as JSON.
    const again = await runAssay(['erase', '--email', 'alan@example.com', '--yes'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No records found for given Email address: alan@example.com/);
    const byId = await runAssay(['erase', String(ids[1]), '--yes', '--json'], env);
    expect(JSON.parse(byId.stdout) as ErasedCandidates).toEqual({ scope: 'invitation', erased: 1, alreadyErased: 0, bulkRows: 0, testInvitationIds: [ids[1]] });
    expect(await fullNameOf(ids[1]!)).toBe('Erased candidate');
    expect((await runAssay(['erase', '--email', 'x@example.com', '7'], env)).code).toBe(2);
  });
});
