import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidate, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

interface Resent {
  testInvitationId: number;
  takeTestURL: string;
  emailQueued: boolean;
}

/**
 * Issue 50 item 4, Resend (decision 813): the candidate's current link emailed again through the outbox and a real SMTP
 * server, while the invitation can be taken, at most once per 10 minutes (429.50 with Retry-After); another org's id
 * answers as a missing one, a reviewer key is refused.
 */
describe.each(backends)('resending an invitation on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let clock = Date.now();
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-resend-'));

  beforeAll(async () => {
    h = await startHarness(backend, {}, () => clock);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const drain = () => drainOutbox(h, smtp.url, outboxDir, { now: () => clock });
  const invite = async (emailId: string) => {
    const testId = await h.importTest();
    return expectSuccess<{ testInvitationId: number; takeTestURL: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Ada Candidate' } }),
    );
  };
  const resend = (id: number, apiKey?: string) => h.request({ method: 'POST', url: `/v2/org/testinvitation/${id}/resend`, ...(apiKey ? { apiKey } : {}) });

  it('emails the current link through SMTP, then refuses a second within 10 minutes (429.50, Retry-After)', async () => {
    const invited = await invite('resend@example.com');
    const resent = expectSuccess<Resent>(await resend(invited.testInvitationId));
    expect(resent).toEqual({ testInvitationId: invited.testInvitationId, takeTestURL: invited.takeTestURL, emailQueued: true });
    await drain();
    const [mail] = smtp.to('resend@example.com');
    expect(mail?.text).toContain(invited.takeTestURL);

    clock += 4 * 60_000;
    const again = await resend(invited.testInvitationId);
    expect(again.statusCode).toBe(429);
    expect(envelope(again).statuscode).toBe('429.50');
    expect(again.headers['retry-after']).toBe(String(6 * 60));
    await drain();
    expect(smtp.to('resend@example.com')).toHaveLength(1);

    clock += 6 * 60_000;
    expectSuccess(await resend(invited.testInvitationId));
    await drain();
    expect(smtp.to('resend@example.com')).toHaveLength(2);
  });

  it('refuses an invitation the candidate cannot take any more: 409.50', async () => {
    const invited = await invite('done@example.com');
    const api = candidate(h, tokenOf(invited.takeTestURL));
    await api.client.start();
    expectSuccess(await api.submit());
    expectFailure(await resend(invited.testInvitationId), '409.50');
  });

  it('answers another org’s id as a missing one (404.4), and refuses a reviewer key (403.17)', async () => {
    const invited = await invite('mine@example.com');
    const other = await h.createOrg('Other');
    expectFailure(await resend(invited.testInvitationId, other.apiKey), '404.4');
    expectFailure(await resend(987_654_321), '404.4');
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    expectFailure(await resend(invited.testInvitationId, reviewer.apiKey), '403.17');
    await drain();
    expect(smtp.to('mine@example.com')).toHaveLength(0);
  });
});
