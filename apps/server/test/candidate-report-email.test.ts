import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSettings } from '@assay/domain';
import { candidate, tokenOf } from './helpers/candidate.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { expectSuccess } from './helpers/expectations.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 52, `emailSettings.sendTestReportEmailToCandidate` (decision 932): when the attempt is scored the candidate
 * gets their own score summary through the outbox (a real SMTP peer here); a test without the setting emails them
 * nothing, as before.
 */
describe.each(backends)('the candidate’s report email on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-report-'));

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** A test whose settings send the report or not, and a candidate who takes it and submits. */
  const complete = async (emailId: string, sendReport: boolean) => {
    const testId = await h.importTest();
    if (sendReport) {
      const settings = expectSuccess<TestSettings>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/settings` }));
      const body = { ...settings, emailSettings: { sendTestReportEmailToCandidate: true } };
      expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body }));
    }
    const registered = expectSuccess<{ testInvitationId: number; takeTestURL: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Ada Lovelace', sendEmail: false } }),
    );
    const token = tokenOf(registered.takeTestURL);
    await candidate(h, token).client.start();
    expectSuccess(await candidate(h, token).submit());
    return registered.testInvitationId;
  };

  it('emails the candidate their score once it is scored, when the test asks for it', async () => {
    const invitationId = await complete('result@example.com', true);
    await drainOutbox(h, smtp.url, outboxDir);
    const [mail, ...more] = smtp.to('result@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your result: Backend screening');
    expect(mail?.text).toContain('Hello Ada Lovelace,');
    expect(mail?.text).toMatch(/Your score: +0 \/ \d+ \(0%\)/);
    expect(mail?.text).toContain(`Invitation ${invitationId}`);
    // A summary only: no link to the report, which holds what the recruiters wrote.
    expect(mail?.text).not.toContain('/report');
  });

  it('emails the candidate nothing when the test does not ask', async () => {
    await complete('quiet@example.com', false);
    await drainOutbox(h, smtp.url, outboxDir);
    expect(smtp.to('quiet@example.com')).toHaveLength(0);
  });
});
