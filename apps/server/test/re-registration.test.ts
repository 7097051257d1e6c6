import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateInput } from '@assay/client';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 27, item 6: registering a candidate again (spec 4.7) updates the record with what is *sent*. A recruiter's
 * re-invite from the CLI or TUI sends no callbackURL: the integrator's callback stays and the completion still reaches
 * it. Only an explicit null (or "") clears a URL. And the answer says when the invitation existed already, and in
 * which state, so a client can say "already registered (Completed)" instead of handing out a finished attempt's URL.
 */
describe.each(backends)('registering a candidate again, on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  const stored = (emailKey: string) =>
    h.store.db.selectFrom('candidates').select(['full_name', 'callback_url', 'redirect_url']).where('email_key', '=', emailKey).executeTakeFirstOrThrow();
  const reRegister = (emailId: string, fields: Partial<CandidateInput> = {}) =>
    h.client.invitations.register(testId, { emailId, fullName: 'Ada Re-invited', ...fields });
  /** Starts and submits the attempt, then runs the outbox (scoring, callbacks) until it is empty. */
  const completeAndDeliver = async (token: string) => {
    const api = candidate(h, token);
    await api.client.start();
    expectSuccess(await api.submit());
    await h.drainJobs();
  };
  const callbacksFor = (invitationId: number) =>
    receiver.received.filter((request) => (JSON.parse(request.body) as { TestInvitationId: number }).TestInvitationId === invitationId);

  it("a re-invite that leaves callbackURL out (the CLI's) keeps the integrator's callback, and the completion reaches it", async () => {
    const first = await registerFor(h, testId, 'kept@example.com', { callbackURL: receiver.url, redirectURL: 'https://ats.example.com/done' });
    const again = await reRegister('Kept@Example.com');
    expect(again.testInvitationId).toBe(first.invitationId);
    expect(await stored('kept@example.com')).toEqual({
      full_name: 'Ada Re-invited',
      callback_url: receiver.url,
      redirect_url: 'https://ats.example.com/done',
    });
    await completeAndDeliver(first.token);
    const delivered = callbacksFor(first.invitationId);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({ CandidateEmailId: 'Kept@Example.com', TestInvitationId: first.invitationId });
  });

  it('an explicit null clears a URL, and then no callback is sent', async () => {
    const first = await registerFor(h, testId, 'cleared@example.com', { callbackURL: receiver.url, redirectURL: 'https://ats.example.com/done' });
    await reRegister('cleared@example.com', { callbackURL: null });
    expect(await stored('cleared@example.com')).toMatchObject({ callback_url: null, redirect_url: 'https://ats.example.com/done' });
    await reRegister('cleared@example.com', { redirectURL: null });
    expect(await stored('cleared@example.com')).toMatchObject({ callback_url: null, redirect_url: null });
    await completeAndDeliver(first.token);
    expect(callbacksFor(first.invitationId)).toHaveLength(0);
  });

  it('"" clears a URL like null; a new URL replaces the stored one', async () => {
    await registerFor(h, testId, 'empty@example.com', { callbackURL: receiver.url, redirectURL: 'https://ats.example.com/a' });
    await reRegister('empty@example.com', { callbackURL: '', redirectURL: 'https://ats.example.com/b' });
    expect(await stored('empty@example.com')).toMatchObject({ callback_url: null, redirect_url: 'https://ats.example.com/b' });
  });

  it('the same rule holds through a test link (4.8)', async () => {
    const { testLinkId } = await h.client.testLinks.create(testId, { testLinkName: 'Campus', accessTime: 0 });
    await h.client.testLinks.register(testId, testLinkId, { emailId: 'linked@example.com', fullName: 'Ada', callbackURL: receiver.url });
    const again = await h.client.testLinks.register(testId, testLinkId, { emailId: 'linked@example.com', fullName: 'Ada Lovelace' });
    expect(again).toMatchObject({ alreadyRegistered: true, testStatus: 'Pending' });
    expect(await stored('linked@example.com')).toMatchObject({ full_name: 'Ada Lovelace', callback_url: receiver.url });
  });

  it('the answer says whether the invitation existed already and its state: Pending, then Completed (with the same URL)', async () => {
    const first = await h.client.invitations.register(testId, { emailId: 'state@example.com', fullName: 'Ada' });
    expect(first).toMatchObject({ alreadyRegistered: false, testStatus: 'Pending' });
    expect(await reRegister('state@example.com')).toEqual({ ...first, alreadyRegistered: true });
    const token = new URL(first.takeTestURL).pathname.split('/').at(-1)!;
    await completeAndDeliver(token);
    expect(await reRegister('state@example.com')).toEqual({ ...first, alreadyRegistered: true, testStatus: 'Completed' });
  });

  it('after a cancel, registering again answers a new invitation, as new', async () => {
    const first = await h.client.invitations.register(testId, { emailId: 'cancelled@example.com', fullName: 'Ada' });
    await h.client.invitations.cancel(first.testInvitationId);
    const next = await reRegister('cancelled@example.com');
    expect(next.testInvitationId).not.toBe(first.testInvitationId);
    expect(next).toMatchObject({ alreadyRegistered: false, testStatus: 'Pending' });
  });

  it('extraTimePercent left out keeps the accommodation; sent, it changes an invitation not started yet', async () => {
    const first = await h.client.invitations.register(testId, { emailId: 'extra@example.com', fullName: 'Ada', extraTimePercent: 25 });
    await reRegister('extra@example.com');
    const extraOf = async () =>
      (await h.store.db.selectFrom('invitations').select('extra_time_percent').where('id', '=', first.testInvitationId).executeTakeFirstOrThrow())
        .extra_time_percent;
    expect(await extraOf()).toBe(25);
    await reRegister('extra@example.com', { extraTimePercent: 50 });
    expect(await extraOf()).toBe(50);
  });
});
