import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidate, tokenOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from './helpers/test-app.js';

const DAY = 24 * 3_600_000;

interface Registered {
  testInvitationId: number;
  takeTestURL: string;
  emailQueued?: boolean;
}

/**
 * Issue 50 item 4, "every email says who invited the candidate" (decisions 825, 826): an invitation and a reattempt a
 * named recruiter made arrive through a real SMTP server naming her, and offering her address when the org set no
 * contact; a key without a named person keeps the org-only wording; a CSV row she uploaded and its reminder name her
 * too; the inviter is the invitation's maker, read as the email is sent (a Resend by someone else still names her;
 * once she is deactivated, nobody).
 */
describe.each(backends)('emails naming their inviter on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let clock = Date.now();
  let rita: { personId: number; apiKey: string };
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-inviter-'));

  beforeAll(async () => {
    h = await startHarness(backend, {}, () => clock);
    smtp = await startSmtpPeer();
    const person = await h.client.admin.people.add(h.org.orgId, { name: 'Rita Recruiter', email: 'rita@acme.example', role: 'recruiter' });
    const key = await h.client.admin.keys.create(h.org.orgId, { personId: person.personId });
    rita = { personId: person.personId, apiKey: key.apiKey };
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** One outbox pass through the SMTP peer; `sweeps`: the reminder sweep first, as `assay-worker` runs it. */
  const drain = (sweeps = false) => drainOutbox(h, smtp.url, outboxDir, { now: () => clock, sweeps });
  const register = async (emailId: string, apiKey: string, sendEmail: boolean) => {
    const testId = await h.importTest();
    return expectSuccess<Registered>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, apiKey, body: { emailId, fullName: 'Ada Candidate', sendEmail } }),
    );
  };

  it('a named recruiter’s invitation and reattempt name her, sign with her name and offer her address; an unnamed key’s do not', async () => {
    const registered = await register('ada@example.com', rita.apiKey, true);
    expect(registered.emailQueued).toBe(true);
    await drain();
    const [invited] = smtp.to('ada@example.com');
    expect(invited!.text).toMatch(/Rita Recruiter of Acme invites you to take "[^"]+"\. Open your test here:/);
    expect(invited!.text).toContain('Questions? Ask Rita Recruiter (rita@acme.example).');
    expect(invited!.text).toContain('--\nRita Recruiter\nAcme\nYou receive this because Rita Recruiter of Acme invited you to this test.');
    expect(invited!.html).toContain('Rita Recruiter<br>Acme<br>');

    const api = candidate(h, tokenOf(registered.takeTestURL));
    await api.client.start();
    expectSuccess(await api.submit());
    const reattempt = expectSuccess<Registered>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${registered.testInvitationId}/reattempt`, apiKey: rita.apiKey }),
    );
    expect(reattempt.emailQueued).toBe(true);
    await drain();
    const mails = smtp.to('ada@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/Rita Recruiter of Acme gives you another attempt at "[^"]+"\. Open your new test here:/);
    expect(mails[1]!.text).toContain(reattempt.takeTestURL);
    expect(mails[1]!.text).toContain('Questions? Ask Rita Recruiter (rita@acme.example).');

    // A key without a named person (every key issued before people existed): the org's wording, nobody to ask, as before.
    await register('bo@example.com', h.org.apiKey, true);
    await drain();
    const [mail] = smtp.to('bo@example.com');
    expect(mail!.text).toMatch(/^Hello,\n\nAcme invites you to take "[^"]+"\. Open your test here:/);
    expect(mail!.text).toContain('--\nAcme\nYou receive this because Acme invited you to this test.');
    expect(mail!.text).not.toContain('Rita');
    expect(mail!.text).not.toContain('Questions?');
  });

  it('a CSV row she uploaded names her, and so does its reminder, read when the sweep’s job is sent', async () => {
    const testId = await h.importTest();
    const expires = new Date(clock + 3 * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const uploaded = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/invitations/bulk`,
      apiKey: rita.apiKey,
      payload: `email,name,linkExpiresAt\nrow@example.com,Row One,${expires}\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await drain();
    await drain();
    const [invited] = smtp.to('row@example.com');
    expect(invited!.text).toMatch(/Rita Recruiter of Acme invites you to take "[^"]+"\. Open your test here:/);

    // 48 hours before the row's expiry (the service's default reminders), the sweep queues a reminder; no key is at hand.
    clock += DAY + 60_000;
    await drain(true);
    const reminder = smtp.to('row@example.com').find((mail) => mail.subject?.startsWith('Reminder:'));
    expect(reminder, 'a reminder').toBeDefined();
    expect(reminder!.text).toContain('You receive this because Rita Recruiter of Acme invited you to this test.');
    expect(reminder!.text).toContain('Questions? Ask Rita Recruiter (rita@acme.example).');
  });

  it('names the maker, not whoever resent it, as she is when it is sent: a deactivated person is no longer named', async () => {
    const registered = await register('cy@example.com', rita.apiKey, false);
    const resend = () => h.request({ method: 'POST', url: `/v2/org/testinvitation/${registered.testInvitationId}/resend` });
    expectSuccess(await resend());
    await drain();
    expect(smtp.to('cy@example.com')[0]!.text).toContain('Rita Recruiter of Acme invites you');

    clock += 11 * 60_000;
    expectSuccess(
      await h.request({
        method: 'POST',
        url: `/admin/orgs/${h.org.orgId}/people/${rita.personId}/deactivate`,
        apiKey: null,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
    );
    expectSuccess(await resend());
    await drain();
    const later = smtp.to('cy@example.com');
    expect(later).toHaveLength(2);
    expect(later[1]!.text).toContain('Acme invites you');
    expect(later[1]!.text).not.toContain('Rita');
  });
});
