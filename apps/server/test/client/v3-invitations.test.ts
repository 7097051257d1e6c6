import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, createClient, type V3Invitations } from '@assay/client';
import { tokenOf } from '../helpers/candidate.js';
import { backends } from '../helpers/test-app.js';
import { completeAttempt, startClientHarness, type ClientHarness } from './client-harness.js';

/** @assay/client's v3 invitations (issue 52) over real HTTP: the answers typed, v3's failures as the client's errors. */
describe.each(backends)('client v3 invitations on %s', (backend) => {
  let ch: ClientHarness;
  let v3: V3Invitations;

  beforeAll(async () => {
    ch = await startClientHarness(backend);
    v3 = createClient({ baseUrl: ch.baseUrl, apiKey: ch.h.org.apiKey, retries: 0 }).v3.invitations;
  });
  afterAll(() => ch.close());

  it('invites, invites by link, cancels and reattempts', async () => {
    const testId = await ch.h.importTest();
    const invited = await v3.invite(testId, { email: 'client-v3@example.com', name: 'Client Three' });
    expect(invited.status).toBe('Pending');
    expect(await v3.cancel(invited.testInvitationId)).toEqual({ testInvitationId: invited.testInvitationId, status: 'cancelled' });
    const { testLinkId } = await ch.client.testLinks.create(testId, { testLinkName: 'Client link', accessTime: 0 });
    expect((await v3.inviteByLink(testId, testLinkId, { email: 'client-link@example.com', name: 'Client Link' })).status).toBe('Pending');
    const testInvitationId = await completeAttempt(ch.client, testId, 'client-done@example.com');
    const next = await v3.reattempt(testInvitationId, { RedirectUrl: 'https://careers.example.com/done' });
    expect(next).toMatchObject({ callbackUrlRegistered: false, redirectUrlRegistered: true });
    expect(next.testInvitationId).not.toBe(testInvitationId);
  });

  it('sends iMocha’s documented types as they are and reads the 201 answers (decisions 1020, 1022)', async () => {
    const testId = await ch.h.importTest();
    const invited = await v3.invite(testId, {
      email: 'client-typed@example.com',
      name: 'Client Typed',
      redirectURL: 'https://careers.example.com/done',
      sendEmail: 'no',
      hideInstruction: 1,
      disableMandatoryFields: 0,
      stakeholderEmails: 'lead@example.com;panel@example.com',
    });
    expect(invited).toMatchObject({ status: 'Pending', testInvitationId: expect.any(Number) });
    // A Pending invitation is renewed by a reattempt, as iMocha's table says (decision 1023).
    expect((await v3.reattempt(invited.testInvitationId, { hideInstruction: 0, sendEmail: 'no' })).testInvitationId).toBe(invited.testInvitationId);
  });

  it('turns v3 failures into the client’s errors, with v3’s message and Assay’s statuscode', async () => {
    const testId = await ch.h.importTest();
    const invited = await v3.invite(testId, { email: 'client-refused@example.com', name: 'Client Refused' });
    await ch.client.candidate(tokenOf(invited.testUrl)).start();
    const refused = await v3.reattempt(invited.testInvitationId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused).toMatchObject({ status: 400, statuscode: '400.57', message: 'Reattempt is not allowed for a test invitation in inprogress state.' });
    await expect(v3.cancel(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });
});
