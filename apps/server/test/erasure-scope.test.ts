import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalData } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

type Erased = { scope: string; erased: number; alreadyErased: number; bulkRows: number; testInvitationIds: number[] };

/**
 * Issue 59 points 2 and 7, through the API on both stores: an org's erasure reaches its own erased invitations' emails
 * and no one else's (decision 1000), the address's bulk rows that never became an invitation (decision 1003), and only
 * the kept answers that name the person (decision 1004).
 */
describe.each(backends)('what an erasure reaches on %s', (backend) => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-erasure-scope-'));
  let other: { orgId: number; apiKey: string };
  let testId: number;
  const erase = (body: unknown, apiKey?: string) => h.request({ method: 'POST', url: '/v2/org/candidates/erase', body, ...(apiKey ? { apiKey } : {}) });
  const exportOf = (emailId: string) => h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId } });
  const register = (onTest: number, emailId: string, fullName: string, options: { apiKey?: string; key?: string; callbackURL?: string } = {}) =>
    h.request({
      method: 'POST',
      url: `/v2/org/tests/${onTest}/register`,
      body: { emailId, fullName, sendEmail: true, ...(options.callbackURL ? { callbackURL: options.callbackURL } : {}) },
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
    });
  /** The outbox files addressed to `address` exactly. */
  const emailsTo = (address: string) => readdirSync(outboxDir).filter((name) => readFileSync(join(outboxDir, name), 'utf8').includes(`To: ${address}\r\n`));

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_OUTBOX_DIR: outboxDir });
    receiver = await startReceiver();
    testId = await h.importTest();
    other = await h.createOrg('Beta');
    const otherTest = await h.importTest(undefined, other.apiKey);
    // Ann is named "Assay", as the From header of every email is.
    expectSuccess(await register(testId, 'ann@x.test', 'Assay', { key: 'ann-keyed', callbackURL: `${receiver.url}?secret=s3cr3t-of-the-integrator` }));
    expectSuccess(await register(testId, 'bea@x.test', 'Bea Keep', { key: 'bea-keyed' }));
    expectSuccess(await register(otherTest, 'joann@x.test', 'Jo Ann', { apiKey: other.apiKey }));
    expectSuccess(await register(otherTest, 'ann@x.test', 'Assay', { apiKey: other.apiKey }));
    await h.drainJobs();
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it("leaves every other email: another org's to joann@ and to the same address, and this org's others", async () => {
    expect(emailsTo('ann@x.test')).toHaveLength(2);
    expect(emailsTo('joann@x.test')).toHaveLength(1);
    expect(emailsTo('bea@x.test')).toHaveLength(1);
    const before = readdirSync(outboxDir).length;
    const keptBefore = await h.store.db.selectFrom('idempotency_keys').select('key').where('scope', '=', `org:${h.org.orgId}`).execute();
    expect(keptBefore).toHaveLength(2);

    expect(expectSuccess<Erased>(await erase({ emailId: 'ann@x.test' }))).toMatchObject({ erased: 1, bulkRows: 0 });
    expect(readdirSync(outboxDir)).toHaveLength(before - 1);
    expect(emailsTo('ann@x.test')).toHaveLength(1);
    expect(emailsTo('joann@x.test')).toHaveLength(1);
    expect(emailsTo('bea@x.test')).toHaveLength(1);
    // Ann's kept answer goes; Bea's keeps its 24 hours and still replays.
    const keptAfter = await h.store.db.selectFrom('idempotency_keys').select('key').where('scope', '=', `org:${h.org.orgId}`).execute();
    expect(keptAfter).toHaveLength(1);
    const replay = await register(testId, 'bea@x.test', 'Bea Keep', { key: 'bea-keyed' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The other org's Ann is whole.
    expect(
      expectSuccess<PersonalData>(await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'ann@x.test' }, apiKey: other.apiKey }))
        .candidates,
    ).toHaveLength(1);
  });

  it('erases bulk rows that never became an invitation, refused or not read yet, and then says it holds none', async () => {
    const csv = 'email,name,extraTimePercent\r\nrefused@x.test,Rae Fused,500\r\nwaiting@x.test,Wai Ting,\r\n';
    const submitted = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/invitations/bulk`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(expectSuccess<PersonalData>(await exportOf('refused@x.test')).bulkInvitationRows).toHaveLength(1);

    for (const emailId of ['refused@x.test', 'waiting@x.test']) {
      expect(expectSuccess<Erased>(await erase({ emailId }))).toEqual({ scope: 'email', erased: 0, alreadyErased: 0, bulkRows: 1, testInvitationIds: [] });
      expectFailure(await exportOf(emailId), '404.52');
      expectFailure(await erase({ emailId }), '404.51');
    }
    // The row not read yet is never invited after its erasure.
    await h.drainJobs();
    expect(await h.store.erasure.invitationIdsForEmail(h.org.orgId, 'waiting@x.test')).toEqual([]);
    const rows = await h.store.db.selectFrom('bulk_invitation_rows').select(['email', 'full_name', 'outcome']).execute();
    expect(JSON.stringify(rows)).not.toMatch(/refused@|waiting@|Rae Fused|Wai Ting/);
    expect(rows.map((row) => row.outcome)).toEqual(['refused', 'refused']);
    const audit = await h.store.erasure.audit(h.org.orgId);
    expect(audit.slice(0, 2).map((entry) => [entry.invitations, entry.bulkRows])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it("hands the candidate no integrator's callback URL in the export", async () => {
    const erin = expectSuccess<{ testInvitationId: number }>(
      await register(testId, 'erin@x.test', 'Erin Export', { callbackURL: `${receiver.url}/hook?token=integrator-secret-123` }),
    );
    expect(erin.testInvitationId).toBeGreaterThan(0);
    const exported = (await exportOf('erin@x.test')).body;
    expect(exported).not.toContain('integrator-secret-123');
    expect(exported).not.toContain('/hook');
  });
});
