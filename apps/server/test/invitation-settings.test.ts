import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 50 item 4, the org's default for sendEmail (decision 815): off until an admin sets it, so a registration that
 * leaves out sendEmail answers and emails as before (decision 780); on, such a registration emails the candidate
 * through the real SMTP peer, and an explicit sendEmail still wins.
 */
describe.each(backends)('the org default for sendEmail on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-settings-'));

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const drain = () => drainOutbox(h, smtp.url, outboxDir);
  const register = async (testId: number, body: Record<string, unknown>) =>
    expectSuccess<Record<string, unknown>>(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { fullName: 'Ada', ...body } }));
  const settings = (sendEmailByDefault: boolean, apiKey?: string) =>
    h.request({ method: 'PUT', url: '/v2/org/invitation-settings', body: { sendEmailByDefault }, ...(apiKey ? { apiKey } : {}) });

  it('is off until set: a registration without sendEmail answers as before and emails nobody', async () => {
    expect(expectSuccess(await h.request({ method: 'GET', url: '/v2/org/invitation-settings' }))).toEqual({
      sendEmailByDefault: false,
      defaultDeadlineDays: null,
      remindAfterDays: null,
    });
    const testId = await h.importTest();
    expect(await register(testId, { emailId: 'before@example.com' })).not.toHaveProperty('emailQueued');
    await drain();
    expect(smtp.to('before@example.com')).toHaveLength(0);
  });

  it('on: a registration without sendEmail is emailed; sendEmail: false still is not', async () => {
    expect(expectSuccess(await settings(true))).toEqual({ sendEmailByDefault: true, defaultDeadlineDays: null, remindAfterDays: null });
    const testId = await h.importTest();
    const registered = await register(testId, { emailId: 'default@example.com' });
    expect(registered.emailQueued).toBe(true);
    expect(await register(testId, { emailId: 'never@example.com', sendEmail: false })).toMatchObject({ emailQueued: false });
    await drain();
    expect(smtp.to('default@example.com')[0]?.text).toContain(String(registered.takeTestURL));
    expect(smtp.to('never@example.com')).toHaveLength(0);
    expectSuccess(await settings(false));
    expect(await register(testId, { emailId: 'after@example.com' })).not.toHaveProperty('emailQueued');
  });

  it('is an admin’s to set (403.17 for a recruiter key), each org its own, and refuses a non-boolean (400.2)', async () => {
    expectSuccess(await settings(false));
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    expectFailure(await settings(true, recruiter.apiKey), '403.17');
    expect(expectSuccess(await h.request({ method: 'GET', url: '/v2/org/invitation-settings', apiKey: recruiter.apiKey }))).toEqual({
      sendEmailByDefault: false,
      defaultDeadlineDays: null,
      remindAfterDays: null,
    });
    const other = await h.createOrg('Other');
    expectSuccess(await settings(true, other.apiKey));
    expect(expectSuccess(await h.request({ method: 'GET', url: '/v2/org/invitation-settings' }))).toEqual({
      sendEmailByDefault: false,
      defaultDeadlineDays: null,
      remindAfterDays: null,
    });
    expectFailure(await h.request({ method: 'PUT', url: '/v2/org/invitation-settings', body: { sendEmailByDefault: 'yes' } }), '400.2');
  });
});
