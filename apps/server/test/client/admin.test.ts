import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, PermissionDeniedError } from '@assay/client';
import { backends } from '../helpers/test-app.js';
import { startClientHarness, type ClientHarness } from './client-harness.js';

describe.each(backends)('@assay/client admin API against the real server on %s', (backend) => {
  let t: ClientHarness;
  beforeAll(async () => {
    t = await startClientHarness(backend);
  });
  afterAll(() => t.close());

  it('creates an org whose key works, then issues, lists, rotates and revokes keys', async () => {
    const created = await t.client.admin.orgs.create({ name: 'Globex', email: 'ops@globex.example', timeZoneId: 1000 });
    const globex = t.clientWith({ apiKey: created.apiKey, adminToken: undefined });
    expect((await globex.tests.list()).testsCount).toBe(0);

    const extra = await t.client.admin.keys.create(created.orgId);
    expect(extra.orgId).toBe(created.orgId);
    const listed = await t.client.admin.keys.list(created.orgId);
    expect(listed.keys.map((key) => key.keyId)).toContain(extra.keyId);
    expect(listed.keys.every((key) => key.revokedAt === null)).toBe(true);

    const revoked = await t.client.admin.keys.revoke(created.orgId, extra.keyId);
    expect(revoked).toMatchObject({ orgId: created.orgId, keyId: extra.keyId, revokedAt: expect.any(String) });
    await expect(t.clientWith({ apiKey: extra.apiKey }).tests.list()).rejects.toBeInstanceOf(AuthenticationError);

    const rotated = await t.client.admin.keys.rotate(created.orgId);
    await expect(globex.tests.list()).rejects.toMatchObject({ statuscode: '401.2' });
    expect((await t.clientWith({ apiKey: rotated.apiKey }).tests.list()).testsCount).toBe(0);

    await expect(t.client.admin.keys.list(987_654)).rejects.toMatchObject({ statuscode: '404.5' });
    await expect(t.client.admin.keys.revoke(created.orgId, 987_654)).rejects.toMatchObject({ statuscode: '404.6' });
    await expect(t.client.admin.orgs.create({ name: 'Bad', email: 'not-an-email' })).rejects.toMatchObject({ statuscode: '400.2' });
  });

  it('needs the admin token, not an API key', async () => {
    const wrong = await t
      .clientWith({ adminToken: 'wrong-token' })
      .admin.keys.list(1)
      .catch((caught: unknown) => caught);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect(wrong).toMatchObject({ statuscode: '401.3' });
    await expect(t.clientWith({ adminToken: undefined }).admin.orgs.create({ name: 'X', email: 'x@example.com' })).rejects.toMatchObject({
      statuscode: '401.3',
    });
  });

  it('says when the admin API is off', async () => {
    const off = await startClientHarness(backend, { ASSAY_ADMIN_TOKEN: '' });
    try {
      const error = await off.client.admin.keys.list(1).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error).toMatchObject({ statuscode: '403.1' });
    } finally {
      await off.close();
    }
  });
});
