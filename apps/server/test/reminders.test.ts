import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { formatWireDateTime, type ReminderSettings, type TestLink } from '@assay/domain';
import { assembleWorker } from '@assay/jobs';
import { candidate, manualClock, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog } from './helpers/receiver.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const H = 3_600_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const CLOSES = T0 + 72 * H;

const toOf = (mail: ParsedMail) => (mail.to as { text: string }).text;
const headerOf = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
const unsubscribeLinkOf = (mail: ParsedMail) => /https:\/\/assay\.test(\/unsubscribe\/[^\s<>"]+)/.exec(mail.text ?? '')![1]!;

/**
 * Issue 33 item 3, through the real SMTP peer: reminders before a link's window closes go to candidates who have not
 * started, and to nobody who started, finished, was cancelled or unsubscribed (by following the email's link over
 * HTTP); each once, across a worker's restart; the stakeholder gets a note for each invitation that expired unstarted;
 * an invitation's own expiry refuses a late start.
 */
describe.each(backends)('reminders and expiry on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const clock = manualClock(T0);
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-reminders-'));
  const tokens: Record<string, string> = {};
  const invitations: Record<string, number> = {};
  let testId = 0;
  let link: TestLink;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    smtp = await startSmtpPeer();
    testId = await h.importTest();
    link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: {
          testLinkName: 'Graduates 2027',
          accessTime: 1,
          startDateTime: formatWireDateTime(T0 - H),
          endDateTime: formatWireDateTime(CLOSES),
          emailToStakeholder: 'hiring.lead@acme.example',
        },
      }),
    );
    for (const name of ['pending', 'started', 'finished', 'cancelled', 'unsubscribed']) {
      const registered = expectSuccess<{ testInvitationId: number; testUrl: string }>(
        await h.request({
          method: 'POST',
          url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
          body: { emailId: `${name}@example.com`, fullName: `${name} candidate` },
        }),
      );
      tokens[name] = tokenOf(registered.testUrl);
      invitations[name] = registered.testInvitationId;
    }
    await candidate(h, tokens.finished!).client.start();
    expectSuccess(await candidate(h, tokens.finished!).submit());
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitations.cancelled}/cancel` }));
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** A worker process as `assay-worker` runs it, sending through the SMTP peer: one pass, then gone (a restart each time). */
  const workerPass = async () => {
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url, outboxDir }, silentLog, { now: clock.now, codeRunner: h.app.assay.runner });
    try {
      await worker.drain();
    } finally {
      await worker.close();
    }
  };
  /** What a pass sent, but the completion notices of the candidates who finished (the stakeholder email of section 6.4). */
  const newMail = async (pass: () => Promise<void>) => {
    const before = smtp.received.length;
    await pass();
    return smtp.received.slice(before).filter((mail) => !mail.subject?.startsWith('Completed:'));
  };

  it('takes the link’s reminder hours through the API, and refuses hours out of bounds', async () => {
    const url = `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/reminders`;
    expect(expectSuccess<ReminderSettings>(await h.request({ method: 'GET', url }))).toEqual({
      reminderHours: null,
      effectiveHours: [48, 4],
      source: 'default',
    });
    expectFailure(await h.request({ method: 'PUT', url, body: { reminderHours: [48, 48] } }), '400.21');
    expectFailure(await h.request({ method: 'PUT', url, body: { reminderHours: [0] } }), '400.21');
    const set = expectSuccess<ReminderSettings>(await h.request({ method: 'PUT', url, body: { reminderHours: [4, 48] } }));
    expect(set).toEqual({ reminderHours: [48, 4], effectiveHours: [48, 4], source: 'link' });
    // The typed client, the same routes.
    expect((await h.client.reminders.setForTest(testId, { reminderHours: [24, 4] })).source).toBe('test');
    expect(await h.client.reminders.ofTest(testId)).toEqual({ reminderHours: [24, 4], effectiveHours: [24, 4], source: 'test' });
    expect((await h.client.reminders.ofLink(testId, link.testLinkId)).effectiveHours).toEqual([48, 4]);
  });

  it('sends nothing before the first reminder is due', async () => {
    clock.set(CLOSES - 49 * H);
    expect(await newMail(workerPass)).toEqual([]);
  });

  it('48 h before the close, reminds only the two who have not started, with a working unsubscribe link', async () => {
    // Started a minute before: In progress when the reminders go (its attempt is long over by the next one).
    clock.set(CLOSES - 48 * H - 60_000);
    await candidate(h, tokens.started!).client.start();
    clock.set(CLOSES - 48 * H);
    const mails = await newMail(workerPass);
    expect(mails.map(toOf).sort()).toEqual(['pending@example.com', 'unsubscribed@example.com']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Reminder: Backend screening closes in 2 days');
      expect(mail.text).toContain('It can be started until Friday, 4 December 2026 at 09:00 UTC');
      expect(mail.text).toContain(`https://assay.test/t/`);
      expect(headerOf(mail, 'list-unsubscribe')).toMatch(/^<https:\/\/assay\.test\/unsubscribe\/\d+\.[A-Za-z0-9_-]{43}>$/);
      expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    const leaving = mails.find((mail) => toOf(mail) === 'unsubscribed@example.com')!;
    const path = unsubscribeLinkOf(leaving);
    expect(`<https://assay.test${path}>`).toBe(headerOf(leaving, 'list-unsubscribe'));
    const page = await h.request({ method: 'GET', url: path, apiKey: null, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit" autofocus>Stop reminders</button>');
    const done = await h.request({
      method: 'POST',
      url: path,
      apiKey: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Reminders stopped');
    const forged = path.replace(/\.[A-Za-z0-9_-]+$/, `.${'A'.repeat(43)}`);
    expectFailure(
      await h.request({
        method: 'POST',
        url: forged,
        apiKey: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
      '404.15',
    );
  });

  it('sends each reminder once, across a restart of the worker', async () => {
    expect(await newMail(workerPass)).toEqual([]);
    clock.set(CLOSES - 5 * H);
    expect(await newMail(workerPass)).toEqual([]);
  });

  it('4 h before the close, reminds only the candidate still pending and subscribed', async () => {
    clock.set(CLOSES - 4 * H);
    expect((await newMail(workerPass)).map(toOf)).toEqual(['pending@example.com']);
    expect(await newMail(workerPass)).toEqual([]);
  });

  it('after the close, notes each invitation that expired unstarted to the link’s stakeholder, once, and refuses the late start', async () => {
    clock.set(CLOSES + 60_000);
    const notes = await newMail(workerPass);
    expect(notes.map(toOf)).toEqual(['hiring.lead@acme.example', 'hiring.lead@acme.example']);
    expect(notes.map((note) => note.subject).sort()).toEqual([
      'Not started: pending candidate did not take Backend screening',
      'Not started: unsubscribed candidate did not take Backend screening',
    ]);
    // Sent in parallel: their order is the SMTP server's.
    expect(notes.find((note) => note.subject?.includes('pending candidate'))!.text).toContain(`Test invitation ${invitations.pending}`);
    expect(await newMail(workerPass)).toEqual([]);
    expectFailure(await candidate(h, tokens.pending!).start(), '403.7');
  });

  it('an invitation’s own expiry: reminded before it, a late start refused, the org told', async () => {
    clock.set(CLOSES + H);
    const registered = await h.client.invitations.register(testId, { emailId: 'own.expiry@example.com', fullName: 'Own Expiry' });
    const url = `/v2/org/testinvitation/${registered.testInvitationId}/expiry`;
    expectFailure(await h.request({ method: 'PUT', url, body: { expiresAt: formatWireDateTime(CLOSES) } }), '400.22');
    const expiresAt = formatWireDateTime(CLOSES + 11 * H);
    expect(await h.client.reminders.setInvitationExpiry(registered.testInvitationId, { expiresAt })).toEqual({
      testInvitationId: registered.testInvitationId,
      expiresAt,
    });
    clock.set(CLOSES + 7 * H);
    expect((await newMail(workerPass)).map(toOf)).toEqual(['own.expiry@example.com']);
    clock.set(CLOSES + 11 * H);
    expectFailure(await candidate(h, tokenOf(registered.takeTestURL)).start(), '403.7');
    const notes = await newMail(workerPass);
    expect(notes.map(toOf)).toEqual(['acme@example.com']);
    expect(notes[0]!.subject).toBe('Not started: Own Expiry did not take Backend screening');
  });
});
