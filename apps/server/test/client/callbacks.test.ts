import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, verifyCompletionCallback, verifySubmittedEvent, WebhookVerificationError } from '@assay/client';
import { startReceiver } from '../helpers/receiver.js';
import { backends } from '../helpers/test-app.js';
import { completeAttempt, sampleDefinition, startClientHarness, type ClientHarness } from './client-harness.js';

describe.each(backends)('@assay/client webhooks, deliveries and verified callbacks against the real server on %s', (backend) => {
  let t: ClientHarness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let testId: number;
  beforeAll(async () => {
    t = await startClientHarness(backend);
    receiver = await startReceiver();
    testId = (await t.client.tests.import(sampleDefinition)).testId;
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  const lastReceived = () => receiver.received.at(-1)!;

  it('verifies a real completion callback and opens its ReportPDFUrl', async () => {
    const { secret } = (await t.client.webhooks.get()).secrets[0]!;
    receiver.received.length = 0;
    const invitationId = await completeAttempt(t.client, testId, 'hooked@example.com', { callbackURL: receiver.url });
    await t.h.drainJobs();
    expect(receiver.received).toHaveLength(1);
    const { body, headers } = lastReceived();
    const payload = await verifyCompletionCallback(body, headers, secret);
    expect(payload).toMatchObject({ CandidateEmailId: 'hooked@example.com', TotalScore: 10, CandidateScore: 2, TestInvitationId: invitationId });
    await expect(verifyCompletionCallback(body.replace('"CandidateScore":2', '"CandidateScore":10'), headers, secret)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );

    // The signed URL needs no API key; the client sends its path and query to its own base URL.
    const pdf = await t.clientWith({ apiKey: undefined }).reports.signedPdf(payload.ReportPDFUrl);
    expect(Buffer.from((await pdf.bytes()).subarray(0, 5)).toString()).toBe('%PDF-');

    const [delivery] = await t.client.deliveries.list(invitationId);
    expect(delivery).toMatchObject({
      kind: 'callback',
      target: receiver.url,
      status: 'delivered',
      attempts: [{ statusCode: 200, outcome: expect.any(String) }],
    });
    const again = await t.client.deliveries.redeliver(delivery!.jobId);
    expect(again).toEqual({ jobId: delivery!.jobId, messageId: delivery!.messageId });
    await t.h.drainJobs();
    expect(receiver.received).toHaveLength(2);
    expect(lastReceived().headers['webhook-id']).toBe(delivery!.messageId);
    // The signed URL is minted per delivery, so only its expiry may differ.
    expect(await verifyCompletionCallback(lastReceived().body, lastReceived().headers, secret)).toEqual({ ...payload, ReportPDFUrl: expect.any(String) });
    await expect(t.client.deliveries.redeliver(987_654)).rejects.toMatchObject({ statuscode: '404.10' });
    await expect(t.client.deliveries.list(987_654)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('verifies a real "submitted" event (the opt-in extension) with the same secrets', async () => {
    const { secret } = (await t.client.webhooks.get()).secrets[0]!;
    const submitted = await startReceiver();
    try {
      const invitationId = await completeAttempt(t.client, testId, 'submitted@example.com', { submittedCallbackURL: submitted.url });
      await t.h.drainJobs();
      expect(submitted.received).toHaveLength(1);
      const { body, headers } = submitted.received[0]!;
      // The sample test has no written question: nothing awaits a reviewer.
      expect(await verifySubmittedEvent(body, headers, secret)).toEqual({
        type: 'submitted',
        TestInvitationId: invitationId,
        CandidateEmailId: 'submitted@example.com',
        SubmittedOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        AwaitingReview: 0,
      });
      await expect(verifySubmittedEvent(body.replace('"AwaitingReview":0', '"AwaitingReview":1'), headers, secret)).rejects.toMatchObject({
        reason: 'invalid_signature',
      });
      // Each verifier reads its own event only: a submitted event is no completion callback.
      await expect(verifyCompletionCallback(body, headers, secret)).rejects.toMatchObject({ reason: 'invalid_payload' });
      expect((await t.client.deliveries.list(invitationId)).map((delivery) => delivery.target)).toContain(submitted.url);
    } finally {
      await submitted.close();
    }
  });

  it("reads the sample's trailing-space keys as the same typed payload", async () => {
    expect(await t.client.webhooks.updateSettings({ trailingSpaceKeys: true })).toMatchObject({ trailingSpaceKeys: true });
    const { secret } = (await t.client.webhooks.get()).secrets[0]!;
    const invitationId = await completeAttempt(t.client, testId, 'spaces@example.com', { callbackURL: receiver.url });
    await t.h.drainJobs();
    const { body, headers } = lastReceived();
    expect(body).toContain('"TotalScore "');
    expect(await verifyCompletionCallback(body, headers, secret)).toMatchObject({ TotalScore: 10, CandidateScore: 2, TestInvitationId: invitationId });
    expect(await t.client.webhooks.updateSettings({ trailingSpaceKeys: false })).toMatchObject({ trailingSpaceKeys: false });
  });

  it('rotates the secret and sends a test event that both secrets verify', async () => {
    const before = await t.client.webhooks.get();
    const after = await t.client.webhooks.rotateSecret();
    expect(after.secrets).toHaveLength(2);
    expect(after.secrets[1]).toMatchObject({ secret: before.secrets[0]!.secret, expiresAt: expect.any(String) });
    const queued = await t.client.webhooks.sendTestEvent({ url: receiver.url });
    await t.h.drainJobs();
    const event = receiver.received.find((entry) => entry.headers['webhook-id'] === queued.messageId)!;
    for (const { secret } of after.secrets) {
      expect(await verifyCompletionCallback(event.body, event.headers, secret)).toMatchObject({
        TestInvitationId: 0,
        CandidateEmailId: 'test.candidate@example.com',
      });
    }
    await expect(t.client.webhooks.sendTestEvent({ url: 'ftp://example.com/hook' })).rejects.toMatchObject({ statuscode: '400.2' });
  });
});
