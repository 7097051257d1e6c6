import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidate, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

interface Registered {
  testInvitationId: number;
  takeTestURL: string;
  emailQueued?: boolean;
}

/**
 * Issue 50 item 4: inviting one candidate emails them on request (`sendEmail`, decision 780), and a reattempt emails
 * them when the first invitation was emailed (decision 781) — each delivered through a real SMTP server, saying who
 * invites them, until when and whom to ask. Without `sendEmail` the answer and the outbox are as before.
 */
describe.each(backends)('invitation and reattempt emails on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-invite-'));

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
    expectSuccess(
      await h.request({
        method: 'POST',
        url: '/v2/org/candidate-page',
        body: { displayName: 'Acme Hiring', contactName: 'Dana Recruiter', contactEmail: 'dana@acme.example' },
      }),
    );
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const drain = () => drainOutbox(h, smtp.url, outboxDir);

  const register = async (testId: number, body: Record<string, unknown>) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { fullName: 'Ada Candidate', ...body } });

  it('left out, sendEmail changes nothing: no emailQueued in the answer, no email', async () => {
    const testId = await h.importTest();
    const registered = expectSuccess<Registered>(await register(testId, { emailId: 'quiet@example.com' }));
    expect(registered).not.toHaveProperty('emailQueued');
    await drain();
    expect(smtp.to('quiet@example.com')).toHaveLength(0);
  });

  it('sendEmail: true delivers the invitation, then a reattempt delivers the new link', async () => {
    const testId = await h.importTest();
    const registered = expectSuccess<Registered>(await register(testId, { emailId: 'ada@example.com', sendEmail: true }));
    expect(registered.emailQueued).toBe(true);
    await drain();
    const [invited] = smtp.to('ada@example.com');
    expect(invited).toBeDefined();
    expect(invited!.text).toMatch(/Acme Hiring invites you to take "[^"]+"\. Open your test here:/);
    expect(invited!.text).toContain(registered.takeTestURL);
    expect(invited!.text).toContain('Questions? Ask Dana Recruiter (dana@acme.example).');
    expect(invited!.text).toContain('You receive this because Acme Hiring invited you to this test.');

    const api = candidate(h, tokenOf(registered.takeTestURL));
    await api.client.start();
    expectSuccess(await api.submit());
    const reattempt = expectSuccess<Registered>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt` }));
    expect(reattempt.emailQueued).toBe(true);
    await drain();
    const mails = smtp.to('ada@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/Acme Hiring gives you another attempt at "[^"]+"\. Open your new test here:/);
    expect(mails[1]!.text).toContain(reattempt.takeTestURL);
    expect(mails[1]!.text).toContain('Questions? Ask Dana Recruiter (dana@acme.example).');

    // Asking for the same reattempt again answers it as it is and sends nothing more.
    const again = expectSuccess<Registered>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt` }));
    expect(again.testInvitationId).toBe(reattempt.testInvitationId);
    expect(again).not.toHaveProperty('emailQueued');
  });

  it('a reattempt of an invitation never emailed sends nothing unless asked', async () => {
    const testId = await h.importTest();
    const registered = expectSuccess<Registered>(await register(testId, { emailId: 'bo@example.com' }));
    const api = candidate(h, tokenOf(registered.takeTestURL));
    await api.client.start();
    expectSuccess(await api.submit());
    const reattempt = expectSuccess<Registered>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt` }));
    expect(reattempt).not.toHaveProperty('emailQueued');
    await drain();
    expect(smtp.to('bo@example.com')).toHaveLength(0);
    const asked = expectSuccess<Registered>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt?sendEmail=true` }),
    );
    expect(asked.emailQueued).toBe(true);
    await drain();
    expect(smtp.to('bo@example.com')).toHaveLength(1);
  });

  it('through a link: the invitation and its reattempt say the link’s end in the link’s zone (decision 783)', async () => {
    const testId = await h.importTest();
    const link = expectSuccess<{ testLinkId: number }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Autumn', accessTime: 1, startDateTime: '2020-01-01T00:00:00', endDateTime: '2099-01-06T17:30:00', timeZoneId: 1110 },
      }),
    );
    const registered = expectSuccess<{ testInvitationId: number; testUrl: string; emailQueued?: boolean }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'cy@example.com', fullName: 'Cy', sendEmail: true },
      }),
    );
    expect(registered.emailQueued).toBe(true);
    await drain();
    const api = candidate(h, tokenOf(registered.testUrl));
    await api.client.start();
    expectSuccess(await api.submit());
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt` }));
    await drain();
    const mails = smtp.to('cy@example.com');
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toMatch(/It can be started until Tuesday, 6 January 2099(,| at) 18:30 \(Europe\/Berlin\)\./);
  });

  it('refuses a sendEmail that is not a boolean, in the v2 shape', async () => {
    const testId = await h.importTest();
    expectFailure(await register(testId, { emailId: 'x@example.com', sendEmail: 'yes' }), '400.2');
  });
});
