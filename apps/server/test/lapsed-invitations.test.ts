import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatWireDateTime, type InvitationList, type InvitationSummary } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const HOUR = 60 * 60 * 1000;

/**
 * Issue 61 item 5 (decisions 1390–1393): an invitation whose expiry passed unstarted reads Expired in the list, its
 * filter and the pipeline's counts; resending it answers 409.50 "extend it first"; PUT …/expiry with resend extends
 * and emails it in one move, or, refused, changes nothing.
 */
describe.each(backends)('lapsed invitations on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let clock = Date.UTC(2026, 10, 2, 9);
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-lapsed-'));
  let testId: number;
  const ids = { lapsing: 0, open: 0 };

  beforeAll(async () => {
    h = await startHarness(backend, {}, () => clock);
    smtp = await startSmtpPeer();
    testId = await h.importTest();
    const register = async (emailId: string) =>
      expectSuccess<{ testInvitationId: number }>(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: emailId } }),
      ).testInvitationId;
    ids.lapsing = await register('lapsing@example.com');
    ids.open = await register('open@example.com');
    expectSuccess(await expiry(ids.lapsing, { expiresAt: formatWireDateTime(clock + HOUR) }));
    clock += 2 * HOUR;
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const drain = () => drainOutbox(h, smtp.url, outboxDir, { now: () => clock });
  const expiry = (id: number, body: object) => h.request({ method: 'PUT', url: `/v2/org/testinvitation/${id}/expiry`, body });
  const list = async (query = '') => expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${query}` }));
  const summary = async () => expectSuccess<InvitationSummary>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary` }));

  it('lists, filters and counts the lapsed invitation as Expired, and the other as Pending', async () => {
    const rows = (await list()).invitations.map((row) => [row.emailId, row.testStatus]);
    expect(Object.fromEntries(rows)).toEqual({ 'lapsing@example.com': 'Expired', 'open@example.com': 'Pending' });
    expect((await list('?status=Expired')).invitations.map((row) => row.testInvitationId)).toEqual([ids.lapsing]);
    expect((await list('?status=Pending')).invitations.map((row) => row.testInvitationId)).toEqual([ids.open]);
    const { stages, completionRate } = await summary();
    expect(stages).toMatchObject({ Pending: 1, Expired: 1 });
    expect(completionRate).toBe(0);
  });

  it('refuses to resend an expired invitation: 409.50, extend it first, and nothing emailed', async () => {
    const refused = expectFailure(await h.request({ method: 'POST', url: `/v2/org/testinvitation/${ids.lapsing}/resend` }), '409.50');
    expect(refused.result).toMatch(/expired at .* UTC: the candidate can no longer start it; extend it first\.$/);
    await drain();
    expect(smtp.to('lapsing@example.com')).toHaveLength(0);
  });

  it('extends and resends in one move, after which it reads Pending and the candidate has the link', async () => {
    const expiresAt = formatWireDateTime(clock + 72 * HOUR);
    const answer = expectSuccess<{ expiresAt: string; emailQueued?: boolean }>(await expiry(ids.lapsing, { expiresAt, resend: true }));
    expect(answer).toEqual({ testInvitationId: ids.lapsing, expiresAt, emailQueued: true });
    await drain();
    expect(smtp.to('lapsing@example.com')).toHaveLength(1);
    expect((await list('?status=Expired')).invitationsCount).toBe(0);
    expect((await summary()).stages).toMatchObject({ Pending: 2, Expired: 0 });
  });

  it('changes nothing when the resend of an extend-and-resend is refused (429.50 a minute after the last email)', async () => {
    clock += 60_000;
    const before = (await list(`?status=Pending`)).invitations.find((row) => row.testInvitationId === ids.lapsing)!.expiresAt;
    expectFailure(await expiry(ids.lapsing, { expiresAt: formatWireDateTime(clock + 240 * HOUR), resend: true }), '429.50');
    const after = (await list(`?status=Pending`)).invitations.find((row) => row.testInvitationId === ids.lapsing)!.expiresAt;
    expect(after).toBe(before);
    // Without resend the extension goes through as before, and answers no emailQueued.
    expect(expectSuccess(await expiry(ids.lapsing, { expiresAt: formatWireDateTime(clock + 240 * HOUR) }))).not.toHaveProperty('emailQueued');
  });

  it('refuses resend that is not a boolean with a clear 400', async () => {
    const refused = await expiry(ids.open, { expiresAt: null, resend: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('resend must be true or false');
  });
});
