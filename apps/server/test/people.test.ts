import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationHistory, Person, WhoAmI } from '@assay/domain';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';

/**
 * People, not keys (issue 50, decisions 770–773): the operator adds people and issues them keys; a key's role is its
 * person's; history names the person, and a key issued before people existed (an unnamed person) its label.
 */
describe.each(backends)('people on %s', (backend) => {
  let h: Harness;
  let other: { orgId: number; apiKey: string };
  let testId: number;
  const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    h.request({ method, url, apiKey: null, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(body === undefined ? {} : { body }) });
  const me = async (apiKey: string) => expectSuccess<WhoAmI>(await h.request({ method: 'GET', url: '/v2/org/me', apiKey }));

  beforeAll(async () => {
    h = await startHarness(backend);
    other = await h.createOrg('Other');
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  it('answers who an old key is: an unnamed admin person, shown by its label, with every capability', async () => {
    const answer = await me(h.org.apiKey);
    const key = (await h.client.admin.keys.list(h.org.orgId)).keys[0]!;
    expect(answer).toMatchObject({ orgId: h.org.orgId, keyId: key.keyId, role: 'admin', person: { personId: key.personId, name: null }, shownAs: key.label });
    expect(answer.capabilities).toContain('register-candidates');
    expect(answer.capabilities).toContain('change-webhooks');
  });

  it('adds a named recruiter, issues her a key, and names her in the history; an old key falls back to its label', async () => {
    const rita = await h.client.admin.people.add(h.org.orgId, { name: 'Rita Recruiter', email: 'rita@example.com', role: 'recruiter' });
    expect(rita).toMatchObject({ name: 'Rita Recruiter', role: 'recruiter', deactivatedAt: null, keyIds: [] });
    const key = await h.client.admin.keys.create(h.org.orgId, { personId: rita.personId });
    expect(key).toMatchObject({ role: 'recruiter', personId: rita.personId });
    const whoami = await me(key.apiKey);
    expect(whoami).toMatchObject({ role: 'recruiter', shownAs: 'Rita Recruiter', person: { name: 'Rita Recruiter', email: 'rita@example.com' } });
    expect(whoami.capabilities).toContain('change-invitations');
    expect(whoami.capabilities).not.toContain('change-webhooks');

    const byRita = h.clientFor(key.apiKey);
    const { testInvitationId } = await byRita.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada' });
    await h.client.invitations.cancel(testInvitationId);
    const history = expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${testInvitationId}/history` }));
    const oldLabel = (await me(h.org.apiKey)).shownAs;
    expect(history.entries.map((entry) => [entry.kind, entry.by])).toEqual([
      ['created', { keyId: key.keyId, label: 'Rita Recruiter' }],
      ['cancelled', { keyId: expect.any(Number), label: oldLabel }],
    ]);
    expect(oldLabel).toMatch(/^assay_/);

    // A recruiter does not change the org's settings.
    const refused = expectFailure(await h.request({ method: 'POST', url: '/v2/org/webhooks/settings', apiKey: key.apiKey, body: {} }), '403.17');
    expect(refused.result).toMatch(/recruiter key/);
  });

  it('gives a reviewer nothing to change, and a new role applies to their keys at once', async () => {
    const dana = await h.client.admin.people.add(h.org.orgId, { name: 'Dana Reviewer', role: 'reviewer' });
    const key = await h.client.admin.keys.create(h.org.orgId, { personId: dana.personId, label: 'Panel laptop' });
    const whoami = await me(key.apiKey);
    expect(whoami).toMatchObject({ role: 'reviewer', shownAs: 'Dana Reviewer' });
    expect(whoami.capabilities).not.toContain('register-candidates');
    expectFailure(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, apiKey: key.apiKey, body: { emailId: 'b@example.com', fullName: 'B' } }),
      '403.17',
    );

    const promoted = await h.client.admin.people.update(h.org.orgId, dana.personId, { role: 'recruiter' });
    expect(promoted).toMatchObject({ role: 'recruiter', keyIds: [key.keyId] });
    expect((await me(key.apiKey)).role).toBe('recruiter');
    expectSuccess(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, apiKey: key.apiKey, body: { emailId: 'b@example.com', fullName: 'B' } }),
    );
  });

  it('deactivates a person: their keys stop working, the list keeps them, and no key is issued to them again', async () => {
    const leaver = await h.client.admin.people.add(h.org.orgId, { name: 'Lee Leaver' });
    const key = await h.client.admin.keys.create(h.org.orgId, { personId: leaver.personId });
    const gone = expectSuccess<Person>(await admin('POST', `/admin/orgs/${h.org.orgId}/people/${leaver.personId}/deactivate`));
    expect(gone.deactivatedAt).not.toBeNull();
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/me', apiKey: key.apiKey }), '401.2');
    expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/keys`, { personId: leaver.personId }), '409.20');
    const listed = (await h.client.admin.people.list(h.org.orgId)).people.find((person) => person.personId === leaver.personId);
    expect(listed).toMatchObject({ name: 'Lee Leaver', keyIds: [key.keyId] });
    expect((await h.client.admin.keys.list(h.org.orgId)).keys.find((listedKey) => listedKey.keyId === key.keyId)?.revokedAt).not.toBeNull();
  });

  it("answers another org's person exactly like a missing one (404.20), and refuses a bad body with 400.2", async () => {
    const theirs = await h.client.admin.people.add(other.orgId, { name: 'Theirs' });
    for (const personId of [theirs.personId, 999_999]) {
      const update = expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/people/${personId}`, { name: 'X' }), '404.20');
      expect(update.result).toBe(`No person ${personId} in organization ${h.org.orgId}.`);
      expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/people/${personId}/deactivate`), '404.20');
      expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/keys`, { personId }), '404.20');
    }
    expect((await h.client.admin.people.list(other.orgId)).people.find((person) => person.personId === theirs.personId)?.name).toBe('Theirs');
    expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/people`, { name: '  ' }), '400.2');
    expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/people/${theirs.personId}`, {}), '400.2');
    expectFailure(await admin('POST', `/admin/orgs/${h.org.orgId}/people`, { name: 'Y', role: 'owner' }), '400.2');
    expectFailure(await h.request({ method: 'GET', url: `/admin/orgs/${h.org.orgId}/people`, apiKey: null }), '401.3');
  });

  it('lets a blind reviewer read who it is', async () => {
    const key = await h.client.admin.keys.create(h.org.orgId, { role: 'blind-reviewer' });
    expect((await me(key.apiKey)).capabilities).toEqual(['read-tests', 'read-review-queue', 'read-own-key', 'grade-by-reference']);
  });
});
