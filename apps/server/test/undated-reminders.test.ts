import { beforeAll, describe, expect, it } from 'vitest';
import { formatWireDateTime } from '@assay/domain';
import { candidate, tokenOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { mailHarness, toOf } from './helpers/mail-harness.js';
import { backends, type Harness } from './helpers/test-app.js';

const DAY = 24 * 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
// More than 24 days: their milliseconds overflow a 32-bit integer, which the store's query must not.
const AFTER_DAYS = 30;

/**
 * Issue 61 item 5 (decision 1396), through the real SMTP peer: with the org's `remindAfterDays`, a candidate invited
 * without any deadline who has not started is reminded once, that many days after the invitation; nobody who started,
 * nor one given a deadline (who has the countdown reminders instead), nor anyone of an org that chose none.
 */
describe.each(backends)('reminders of invitations without a deadline on %s', (backend) => {
  // One pass of a worker as `assay-worker` runs it, sweeps too, then gone: a restart each time.
  const { clock, harness, newMail } = mailHarness(backend, {}, T0, { sweeps: true });
  let h: Harness;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    h = harness();
    const testId = await h.importTest();
    for (const name of ['waiting', 'started', 'dated']) {
      const registered = expectSuccess<{ testInvitationId: number; takeTestURL: string }>(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: `${name}@example.com`, fullName: `${name} candidate` } }),
      );
      ids[name] = registered.testInvitationId;
      tokens[name] = tokenOf(registered.takeTestURL);
    }
    await candidate(h, tokens.started!).client.start();
    const expiresAt = formatWireDateTime(T0 + 60 * DAY);
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids.dated}/expiry`, body: { expiresAt } }));
  });

  it('sends nothing while the org has chosen no such reminder', async () => {
    clock.set(T0 + 40 * DAY);
    expect(await newMail()).toEqual([]);
    clock.set(T0);
  });

  it('reminds the one waiting without a deadline once, remindAfterDays after the invitation', async () => {
    expectSuccess(await h.request({ method: 'PUT', url: '/v2/org/invitation-settings', body: { remindAfterDays: AFTER_DAYS } }));
    clock.set(T0 + AFTER_DAYS * DAY - 60_000);
    expect(await newMail()).toEqual([]);
    clock.set(T0 + AFTER_DAYS * DAY);
    const mails = await newMail();
    expect(mails.map(toOf)).toEqual(['waiting@example.com']);
    expect(mails[0]!.subject).toBe('Reminder: Backend screening is waiting for you');
    expect(mails[0]!.text).toContain('You have not started "Backend screening" yet. Open your test here:');
    expect(mails[0]!.text).not.toContain('can be started until');
    expect(mails[0]!.text).toContain(`https://assay.test/t/${tokens.waiting}`);
    clock.set(T0 + (AFTER_DAYS + 5) * DAY);
    expect(await newMail()).toEqual([]);
  });
});
