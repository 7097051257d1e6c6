import { UTC_TIME_ZONE_ID } from '@assay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

const API_KEY = /^assay_[A-Za-z0-9_-]{43,}$/;
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(backends)('admin API on %s', (backend) => {
  let h: Harness;
  /** An admin request: the bearer token, no API key. */
  const admin = (method: 'GET' | 'POST', url: string, body?: unknown) => h.request({ method, url, body, apiKey: null, headers: bearer });
  /** Lists tests with an API key and answers the statuscode. */
  const useKey = async (apiKey: string) => envelope(await h.request({ method: 'GET', url: '/v2/org/tests', apiKey })).statuscode;
  const countOrgs = async () => (await h.store.db.selectFrom('orgs').select('id').execute()).length;
  const createOrg = (name: string) => h.client.admin.orgs.create({ name, email: `${name.toLowerCase()}@example.com` });

  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('is disabled (403.1) when ASSAY_ADMIN_TOKEN is unset', async () => {
    const disabled = await startHarness(backend, { ASSAY_ADMIN_TOKEN: '' });
    try {
      expect(disabled.config.adminToken).toBeUndefined();
      const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
        disabled.request({ method, url, body, apiKey: null, headers });
      for (const headers of [bearer, {}, { authorization: 'Bearer ' }]) {
        expectFailure(await send('POST', '/admin/orgs', headers, { name: 'X', email: 'x@example.com' }), '403.1');
      }
      expectFailure(await send('GET', `/admin/orgs/${disabled.org.orgId}/keys`, bearer), '403.1');
      expectFailure(await send('POST', `/admin/orgs/${disabled.org.orgId}/keys/rotate`, bearer), '403.1');
      expect((await disabled.store.db.selectFrom('orgs').select('id').execute()).length).toBe(1);
      expect((await disabled.store.db.selectFrom('api_keys').select('id').execute()).length).toBe(1);
      // The v2 API is not affected.
      expect((await disabled.request({ method: 'GET', url: '/v2/org/tests' })).statusCode).toBe(200);
    } finally {
      await disabled.close();
    }
  });

  it('refuses a wrong or missing bearer token with 401.3', async () => {
    const body = { name: 'Nope', email: 'nope@example.com' };
    const before = await countOrgs();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: `Bearer ${ADMIN_TOKEN}x` },
      { authorization: `Basic ${ADMIN_TOKEN}` },
      { authorization: ADMIN_TOKEN },
      { authorization: 'Bearer' },
      { 'x-api-key': ADMIN_TOKEN },
    ]) {
      expectFailure(await h.request({ method: 'POST', url: '/admin/orgs', body, apiKey: null, headers }), '401.3');
    }
    // An org's API key is no admin token either.
    expectFailure(await h.request({ method: 'POST', url: '/admin/orgs', body, headers: { authorization: `Bearer ${h.org.apiKey}` } }), '401.3');
    expectFailure(await h.request({ method: 'GET', url: `/admin/orgs/${h.org.orgId}/keys`, apiKey: null }), '401.3');
    expect(await countOrgs()).toBe(before);
  });

  it('creates an org with a working API key and stores only its hash', async () => {
    const response = await admin('POST', '/admin/orgs', { name: 'Globex', email: 'ops@globex.example' });
    expect(response.statusCode).toBe(200);
    const body = envelope<{ orgId: number; apiKey: string }>(response);
    expect(body.statuscode).toBe('200.1');
    expect(body.result.orgId).toEqual(expect.any(Number));
    expect(body.result.apiKey).toMatch(API_KEY);

    const tests = await h.request({ method: 'GET', url: '/v2/org/tests', apiKey: body.result.apiKey });
    expect(tests.statusCode).toBe(200);
    expect(envelope(tests).result).toEqual({ tests: [], testsCount: 0 });

    const rows = await h.store.db.selectFrom('api_keys').selectAll().where('org_id', '=', body.result.orgId).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.key_hash).not.toBe(body.result.apiKey);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const secret = body.result.apiKey.slice('assay_'.length + 6);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(body.result.apiKey);
      expect(String(value)).not.toContain(secret);
    }
    expect(body.result.apiKey.startsWith(row.prefix)).toBe(true);
  });

  it('uses the org time zone given, and UTC by default', async () => {
    const kolkata = await admin('POST', '/admin/orgs', { name: 'Initech', email: 'it@initech.example', timeZoneId: 1720 });
    expect(kolkata.statusCode).toBe(200);
    const { orgId } = envelope<{ orgId: number }>(kolkata).result;
    expect((await h.store.orgs.find(orgId))?.timeZoneId).toBe(1720);
    const { orgId: utcOrgId } = await createOrg('Vandelay');
    expect((await h.store.orgs.find(utcOrgId))?.timeZoneId).toBe(UTC_TIME_ZONE_ID);
  });

  it('refuses invalid bodies and stores nothing', async () => {
    const before = await countOrgs();
    const keysBefore = (await h.store.db.selectFrom('api_keys').select('id').execute()).length;
    for (const body of [
      { email: 'a@example.com' },
      { name: '', email: 'a@example.com' },
      { name: '   ', email: 'a@example.com' },
      { name: 'A', email: 'not-an-email' },
      { name: 'A' },
      { name: 42, email: 'a@example.com' },
      { name: 'A', email: 'a@example.com', timeZoneId: '1720' },
      { name: 'A', email: 'a@example.com', timeZoneId: 1.5 },
      [],
      'name',
    ]) {
      expectFailure(await admin('POST', '/admin/orgs', body), '400.2');
    }
    expectFailure(await h.request({ method: 'POST', url: '/admin/orgs', payload: '{"name":', apiKey: null, headers: bearer }), '400.1');
    expectFailure(await h.request({ method: 'POST', url: '/admin/orgs', payload: '', apiKey: null, headers: bearer }), '400.2');
    expectFailure(await admin('POST', '/admin/orgs', { name: 'A', email: 'a@example.com', timeZoneId: 42 }), '400.9');
    expect(await countOrgs()).toBe(before);
    expect((await h.store.db.selectFrom('api_keys').select('id').execute()).length).toBe(keysBefore);
  });

  it('issues, lists, rotates and revokes keys', async () => {
    const org = await createOrg('Umbrella');
    expect(await useKey(org.apiKey)).toBe('200.1');

    const issued = await admin('POST', `/admin/orgs/${org.orgId}/keys`);
    expect(issued.statusCode).toBe(200);
    const second = envelope<{ orgId: number; keyId: number; apiKey: string }>(issued).result;
    expect(second.orgId).toBe(org.orgId);
    expect(second.apiKey).toMatch(API_KEY);
    expect(second.apiKey).not.toBe(org.apiKey);
    expect(await useKey(org.apiKey)).toBe('200.1');
    expect(await useKey(second.apiKey)).toBe('200.1');

    const listed = await admin('GET', `/admin/orgs/${org.orgId}/keys`);
    expect(listed.statusCode).toBe(200);
    const list = envelope<{ orgId: number; keys: { keyId: number; prefix: string; createdAt: string; revokedAt: string | null }[] }>(listed).result;
    expect(list.orgId).toBe(org.orgId);
    expect(list.keys).toHaveLength(2);
    for (const key of list.keys) {
      expect(Object.keys(key).sort()).toEqual(['createdAt', 'keyId', 'label', 'personId', 'prefix', 'revokedAt', 'role']);
      expect(key.revokedAt).toBeNull();
      expect(key.prefix.length).toBeLessThan(16);
    }
    expect(org.apiKey.startsWith(list.keys[0]!.prefix)).toBe(true);
    expect(list.keys[1]!.keyId).toBe(second.keyId);
    for (const secret of [org.apiKey, second.apiKey]) expect(listed.body).not.toContain(secret);

    // Rotation revokes every other key at once, even ones just used (and cached).
    const rotated = await admin('POST', `/admin/orgs/${org.orgId}/keys/rotate`);
    expect(rotated.statusCode).toBe(200);
    const third = envelope<{ keyId: number; apiKey: string }>(rotated).result;
    expect(third.apiKey).toMatch(API_KEY);
    expect(await useKey(third.apiKey)).toBe('200.1');
    expect(await useKey(org.apiKey)).toBe('401.2');
    expect(await useKey(second.apiKey)).toBe('401.2');
    const afterRotate = envelope<{ keys: { keyId: number; revokedAt: string | null }[] }>(await admin('GET', `/admin/orgs/${org.orgId}/keys`)).result.keys;
    expect(afterRotate.filter((key) => key.revokedAt === null).map((key) => key.keyId)).toEqual([third.keyId]);

    // Revoke one of two active keys: only that one stops working.
    const fourth = envelope<{ keyId: number; apiKey: string }>(await admin('POST', `/admin/orgs/${org.orgId}/keys`)).result;
    expect(await useKey(fourth.apiKey)).toBe('200.1');
    const revoked = await admin('POST', `/admin/orgs/${org.orgId}/keys/${fourth.keyId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(envelope(revoked).result).toMatchObject({ orgId: org.orgId, keyId: fourth.keyId, revokedAt: expect.any(String) });
    expect(await useKey(fourth.apiKey)).toBe('401.2');
    expect(await useKey(third.apiKey)).toBe('200.1');
    // Revoking again is harmless.
    expect((await admin('POST', `/admin/orgs/${org.orgId}/keys/${fourth.keyId}/revoke`)).statusCode).toBe(200);

    // Other orgs' keys are untouched.
    expect(await useKey(h.org.apiKey)).toBe('200.1');
  });

  it('answers 404.6 for an unknown key and 404.5 for an unknown org', async () => {
    const org = await createOrg('Hooli');
    const other = await createOrg('Piedpiper');
    const otherKeyId = (await h.client.admin.keys.list(other.orgId)).keys[0]!.keyId;
    expectFailure(await admin('POST', `/admin/orgs/${org.orgId}/keys/999999/revoke`), '404.6');
    // Another org's key is unknown here, and stays usable.
    expectFailure(await admin('POST', `/admin/orgs/${org.orgId}/keys/${otherKeyId}/revoke`), '404.6');
    expect(await useKey(other.apiKey)).toBe('200.1');

    expectFailure(await admin('GET', '/admin/orgs/999999/keys'), '404.5');
    expectFailure(await admin('POST', '/admin/orgs/999999/keys'), '404.5');
    expectFailure(await admin('POST', '/admin/orgs/999999/keys/rotate'), '404.5');
    expectFailure(await admin('POST', `/admin/orgs/999999/keys/${otherKeyId}/revoke`), '404.5');
    expect(await useKey(other.apiKey)).toBe('200.1');
    expectFailure(await admin('GET', '/admin/orgs/abc/keys'), '400.3');
    expectFailure(await admin('POST', `/admin/orgs/${org.orgId}/keys/abc/revoke`), '400.3');
  });
});
