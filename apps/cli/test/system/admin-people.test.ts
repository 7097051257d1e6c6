import type { ApiKeyList, IssuedKey, Person, PersonList, RevokedKey } from '@assay/domain/schemas';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay, type AssayRun } from '../helpers/run-assay.js';

/** Issue 50: `assay admin people|keys`, run as an operator runs them (the built bin) against the real server. */
describe('assay admin people and keys', () => {
  let org: TestOrg;
  let admin: NodeJS.ProcessEnv;
  const json = <T>(run: AssayRun): T => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };

  beforeAll(async () => {
    org = await newOrg('Admin people');
    admin = personEnv({ ASSAY_ADMIN_TOKEN: inject('adminToken') });
  });

  it('adds a reviewer, issues and revokes her key, renames and removes her', async () => {
    const orgId = String(org.orgId);
    const dana = json<Person>(
      await runAssay(['admin', 'people', 'add', orgId, '--name', 'Dana Reviewer', '--email', 'dana@example.com', '--role', 'reviewer', '--json'], admin),
    );
    expect(dana).toMatchObject({ name: 'Dana Reviewer', role: 'reviewer' });
    const key = json<IssuedKey>(await runAssay(['admin', 'keys', 'add', orgId, '--person', String(dana.personId), '--json'], admin));
    expect(key).toMatchObject({ role: 'reviewer', personId: dana.personId });
    const keys = json<ApiKeyList>(await runAssay(['admin', 'keys', 'list', orgId, '--json'], admin));
    expect(keys.keys.map((listed) => listed.keyId)).toContain(key.keyId);
    const people = await runAssay(['admin', 'people', 'list', orgId], admin);
    expect(people.code).toBe(0);
    expect(people.stdout).toMatch(new RegExp(`${dana.personId}\\tDana Reviewer\\treviewer\\tdana@example.com\\tkeys ${key.keyId}\\tactive`));

    const renamed = json<Person>(await runAssay(['admin', 'people', 'update', orgId, String(dana.personId), '--name', 'Dana R.', '--json'], admin));
    expect(renamed.name).toBe('Dana R.');
    const revoked = json<RevokedKey>(await runAssay(['admin', 'keys', 'revoke', orgId, String(key.keyId), '--json'], admin));
    expect(revoked.keyId).toBe(key.keyId);
    const removed = await runAssay(['admin', 'people', 'remove', orgId, String(dana.personId)], admin);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Deactivated person ${dana.personId}`);
    const listed = json<PersonList>(await runAssay(['admin', 'people', 'list', orgId, '--json'], admin));
    expect(listed.people.find((person) => person.personId === dana.personId)?.deactivatedAt).not.toBeNull();
  });

  it('exits 1 for a person of another org, 2 for a bad role or id', async () => {
    const other = await newOrg('Admin people other');
    const theirs = json<Person>(await runAssay(['admin', 'people', 'add', String(other.orgId), '--name', 'Theirs', '--json'], admin));
    const refused = await runAssay(['admin', 'keys', 'add', String(org.orgId), '--person', String(theirs.personId)], admin);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^404\.20: /);
    expect((await runAssay(['admin', 'people', 'add', String(org.orgId), '--name', 'X', '--role', 'owner'], admin)).code).toBe(2);
    expect((await runAssay(['admin', 'people', 'remove', String(org.orgId), 'abc'], admin)).code).toBe(2);
  });

  it('issues a hiring manager a key that decides and is refused an invitation, naming who may (issue 61, decision 1380)', async () => {
    const orgId = String(org.orgId);
    const help = await runAssay(['admin', 'people', 'add', '--help'], admin);
    expect(help.stdout).toMatch(/"hiring-manager"/);
    const maya = json<Person>(await runAssay(['admin', 'people', 'add', orgId, '--name', 'Maya Manager', '--role', 'hiring-manager', '--json'], admin));
    expect(maya).toMatchObject({ name: 'Maya Manager', role: 'hiring-manager' });
    const key = json<IssuedKey>(await runAssay(['admin', 'keys', 'add', orgId, '--person', String(maya.personId), '--json'], admin));
    expect(key).toMatchObject({ role: 'hiring-manager', personId: maya.personId });
    const test = await importExample(org.client, 'sql-and-data-modelling');
    const id = String((await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId);
    const asMaya = personEnv({ ASSAY_API_KEY: key.apiKey });
    const decided = await runAssay(['decide', id, 'shortlist', '--reason', 'Strong SQL'], asMaya);
    expect({ code: decided.code, stderr: decided.stderr }).toEqual({ code: 0, stderr: '' });
    expect(decided.stdout).toMatch(/^Decision: shortlisted by Maya Manager \("Strong SQL"\)$/m);
    const refused = await runAssay(['invitations', 'cancel', id], asMaya);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'A hiring-manager key may not cancel, reattempt, reset, resend or extend invitations: that needs an admin or recruiter key.',
    );
    expect((await org.client.invitations.list(test.testId)).invitations[0]?.testStatus).toBe('Pending');
  });
});
