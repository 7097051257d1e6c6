import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedKey, OrgPeople, Person, RevokedKey, WhoAmI } from '@assay/domain';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';

/**
 * An org's admin key manages the org's own people and keys (issue 50 item 5, decision 836): the operator's service
 * under `/v2/org`, scoped to the key's org, refused to other roles (403.17), and never to the key revoking itself.
 */
describe.each(backends)('an org admin key managing its people on %s', (backend) => {
  let h: Harness;
  let other: { orgId: number; apiKey: string };
  let otherPersonId: number;
  let otherKeyId: number;
  const as = (apiKey: string) => ({
    get: (url: string) => h.request({ method: 'GET', url, apiKey }),
    post: (url: string, body?: unknown) => h.request({ method: 'POST', url, apiKey, ...(body === undefined ? {} : { body }) }),
  });
  const admin = () => as(h.org.apiKey);

  beforeAll(async () => {
    h = await startHarness(backend);
    other = await h.createOrg('Other');
    const person = expectSuccess<Person>(await as(other.apiKey).post('/v2/org/people', { name: 'Olga Other' }));
    otherPersonId = person.personId;
    otherKeyId = expectSuccess<IssuedKey>(await as(other.apiKey).post(`/v2/org/people/${otherPersonId}/keys`)).keyId;
  });
  afterAll(() => h.close());

  it('adds a person, issues her a key that works at once, lists it without its secret, and revokes it at once', async () => {
    const rita = expectSuccess<Person>(await admin().post('/v2/org/people', { name: 'Rita Recruiter', email: 'rita@example.com', role: 'recruiter' }));
    expect(rita).toMatchObject({ name: 'Rita Recruiter', role: 'recruiter', deactivatedAt: null });
    const issued = expectSuccess<IssuedKey>(await admin().post(`/v2/org/people/${rita.personId}/keys`, { label: 'Laptop' }));
    expect(issued).toMatchObject({ orgId: h.org.orgId, role: 'recruiter', label: 'Laptop', personId: rita.personId });
    expect(expectSuccess<WhoAmI>(await as(issued.apiKey).get('/v2/org/me'))).toMatchObject({ shownAs: 'Rita Recruiter', role: 'recruiter' });

    const listed = await admin().get('/v2/org/people');
    expect(listed.body).not.toContain(issued.apiKey);
    const people = expectSuccess<OrgPeople>(listed);
    expect(people.orgId).toBe(h.org.orgId);
    const entry = people.people.find((person) => person.personId === rita.personId)!;
    expect(entry.keys).toEqual([expect.objectContaining({ keyId: issued.keyId, role: 'recruiter', label: 'Laptop', revokedAt: null })]);
    expect(people.people.some((person) => person.personId === otherPersonId)).toBe(false);

    const revoked = expectSuccess<RevokedKey>(await admin().post(`/v2/org/keys/${issued.keyId}/revoke`));
    expect(revoked).toMatchObject({ orgId: h.org.orgId, keyId: issued.keyId });
    expectFailure(await as(issued.apiKey).get('/v2/org/me'), '401.2');
  });

  it('deactivates a person: their keys stop at once', async () => {
    const rex = expectSuccess<Person>(await admin().post('/v2/org/people', { name: 'Rex Reviewer', role: 'reviewer' }));
    const key = expectSuccess<IssuedKey>(await admin().post(`/v2/org/people/${rex.personId}/keys`));
    expectSuccess(await as(key.apiKey).get('/v2/org/me'));
    const gone = expectSuccess<Person>(await admin().post(`/v2/org/people/${rex.personId}/deactivate`));
    expect(gone.deactivatedAt).not.toBeNull();
    expectFailure(await as(key.apiKey).get('/v2/org/me'), '401.2');
    expectFailure(await admin().post(`/v2/org/people/${rex.personId}/keys`), '409.20');
  });

  it('refuses the requesting key revoking itself or deactivating its own person (409.21), and keeps it working', async () => {
    const me = expectSuccess<WhoAmI>(await admin().get('/v2/org/me'));
    expectFailure(await admin().post(`/v2/org/keys/${me.keyId}/revoke`), '409.21');
    expectFailure(await admin().post(`/v2/org/people/${me.person.personId}/deactivate`), '409.21');
    expectSuccess(await admin().get('/v2/org/me'));
  });

  it("answers another organization's person and key exactly like missing ones (404), and changes nothing", async () => {
    const pairs: [string, string, string][] = [
      [`/v2/org/people/${otherPersonId}/keys`, '/v2/org/people/987654321/keys', '404.20'],
      [`/v2/org/people/${otherPersonId}/deactivate`, '/v2/org/people/987654321/deactivate', '404.20'],
      [`/v2/org/keys/${otherKeyId}/revoke`, '/v2/org/keys/987654321/revoke', '404.6'],
    ];
    for (const [theirs, missing, code] of pairs) {
      const [onTheirs, onMissing] = [await admin().post(theirs), await admin().post(missing)];
      expectFailure(onTheirs, code);
      expect(onTheirs.statusCode).toBe(onMissing.statusCode);
      expect(onTheirs.json().result.replace(/\d+/g, 'N')).toBe(onMissing.json().result.replace(/\d+/g, 'N'));
    }
    const theirs = expectSuccess<OrgPeople>(await as(other.apiKey).get('/v2/org/people'));
    const olga = theirs.people.find((person) => person.personId === otherPersonId)!;
    expect(olga.deactivatedAt).toBeNull();
    expect(olga.keys.map((key) => key.revokedAt)).toEqual([null]);
  });

  it('refuses every other role (403.17): a recruiter key may not issue itself an admin key', async () => {
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    for (const key of [recruiter, reviewer]) {
      expectFailure(await as(key.apiKey).get('/v2/org/people'), '403.17');
      expectFailure(await as(key.apiKey).post('/v2/org/people', { name: 'Mallory', role: 'admin' }), '403.17');
      expectFailure(await as(key.apiKey).post(`/v2/org/people/${key.personId}/keys`, { role: 'admin' }), '403.17');
      expectFailure(await as(key.apiKey).post(`/v2/org/keys/${recruiter.keyId === key.keyId ? reviewer.keyId : recruiter.keyId}/revoke`), '403.17');
    }
    expect((await h.client.admin.keys.list(h.org.orgId)).keys.find((key) => key.keyId === recruiter.keyId)?.revokedAt).toBeNull();
  });
});
