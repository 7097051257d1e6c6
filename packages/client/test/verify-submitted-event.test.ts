import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook } from '@assay/delivery';
import { buildSubmittedEvent } from '@assay/domain';
import { parseSubmittedEvent, verifySubmittedEvent, WebhookVerificationError, type WebhookVerificationFailure } from '../src/index.js';

const NOW = Date.UTC(2026, 2, 1, 10, 0, 0);
/** The event as scoring builds it (packages/domain), for a submission two answers of which await a reviewer. */
const event = buildSubmittedEvent({
  testInvitationId: 42,
  candidateEmailId: 'ada@example.com',
  submittedAt: Date.UTC(2026, 2, 1, 9, 52, 0),
  awaitingReview: 2,
});
const expected = { type: 'submitted', TestInvitationId: 42, CandidateEmailId: 'ada@example.com', SubmittedOn: '2026-03-01T09:52:00', AwaitingReview: 2 };

/** An event as Assay's worker signs it (packages/delivery). */
const signed = (secrets: string[], body: string, at = NOW) => ({ body, headers: { ...signWebhook(secrets, { id: 'msg_1', timestamp: new Date(at), body }) } });

const failure = async (promise: Promise<unknown>): Promise<WebhookVerificationFailure> => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
};

describe('verifySubmittedEvent', () => {
  const secret = generateWebhookSecret();

  it('accepts what Assay signs and answers the typed event', async () => {
    const { body, headers } = signed([secret], JSON.stringify(event));
    expect(await verifySubmittedEvent(body, headers, secret, { now: NOW })).toEqual(expected);
  });

  it('takes raw bytes, fetch Headers and node-style array headers, and either secret of a rotation', async () => {
    const next = generateWebhookSecret();
    const { body, headers } = signed([next, secret], JSON.stringify(event));
    const bytes = new TextEncoder().encode(body);
    expect(await verifySubmittedEvent(bytes, new Headers(headers), secret, { now: NOW })).toEqual(expected);
    const nodeHeaders = {
      'webhook-id': [headers['webhook-id']],
      'Webhook-Timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    };
    expect(await verifySubmittedEvent(bytes.buffer, nodeHeaders, next, { now: NOW })).toEqual(expected);
    expect(await verifySubmittedEvent(body, headers, [generateWebhookSecret(), secret], { now: NOW })).toEqual(expected);
  });

  it('refuses a wrong secret, a changed body, a stale timestamp and missing headers', async () => {
    const { body, headers } = signed([secret], JSON.stringify(event));
    expect(await failure(verifySubmittedEvent(body, headers, generateWebhookSecret(), { now: NOW }))).toBe('invalid_signature');
    expect(await failure(verifySubmittedEvent(body.replace('"AwaitingReview":2', '"AwaitingReview":0'), headers, secret, { now: NOW }))).toBe(
      'invalid_signature',
    );
    expect(await failure(verifySubmittedEvent(body, headers, secret, { now: NOW + 301_000 }))).toBe('stale_timestamp');
    expect(await verifySubmittedEvent(body, headers, secret, { now: NOW + 301_000, toleranceSec: 600 })).toEqual(expected);
    expect(await failure(verifySubmittedEvent(body, { 'webhook-id': 'msg_1' }, secret, { now: NOW }))).toBe('missing_headers');
    expect(await failure(verifySubmittedEvent(body, headers, 'whsec_***', { now: NOW }))).toBe('invalid_secret');
  });

  it('refuses a signed body that is not a submitted event: a completion callback, another type, not JSON', async () => {
    // A completion callback as Assay sends it (spec §6): signed with the same secret, but not this event.
    const callback = {
      CandidateEmailId: 'ada@example.com',
      AttemptedOn: '2026-03-01T09:40:00',
      TotalScore: 10,
      CandidateScore: 7.5,
      ReportPDFUrl: 'https://assay.test/v2/reports/42/pdf?expires=1&signature=s',
      TestInvitationId: 42,
    };
    for (const payload of [callback, { ...event, type: 'completed' }, { ...event, AwaitingReview: -1 }]) {
      const other = signed([secret], JSON.stringify(payload));
      expect(await failure(verifySubmittedEvent(other.body, other.headers, secret, { now: NOW }))).toBe('invalid_payload');
    }
    const text = signed([secret], 'not json');
    expect(await failure(verifySubmittedEvent(text.body, text.headers, secret, { now: NOW }))).toBe('invalid_payload');
  });

  it('reads keys in another case and numbers sent as strings, and drops keys it does not know', () => {
    expect(
      parseSubmittedEvent({
        Type: 'submitted',
        testinvitationid: '42',
        CandidateEmailId: 'ada@example.com',
        SubmittedOn: '2026-03-01T09:52:00',
        AwaitingReview: '2',
        Extra: 1,
      }),
    ).toEqual(expected);
  });
});
