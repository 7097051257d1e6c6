import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook } from '@assay/delivery';
import { buildCompletionCallback, type CandidateReport } from '@assay/domain';
import { verifyCompletionCallback, WebhookVerificationError, type WebhookVerificationFailure } from '../src/index.js';

const NOW = Date.UTC(2026, 2, 1, 10, 0, 0);
const report: CandidateReport = {
  emailId: 'ada@example.com',
  fullName: 'Ada',
  timeTaken: 12,
  testName: 'T',
  duration: 60,
  questions: 3,
  attemptedOn: '2026-03-01T09:40:00',
  totalScore: '10',
  score: '7.5',
  wv: 0,
  tv: 0,
  testStatus: 'Completed',
  reportStatus: 'Generated',
};
const facts = { testInvitationId: 42, report, completedAt: '2026-03-01T09:52:00', reportPdfUrl: 'https://assay.test/v2/reports/42/pdf?expires=1&signature=s' };
const expected = {
  CandidateEmailId: 'ada@example.com',
  AttemptedOn: '2026-03-01T09:40:00',
  TotalScore: 10,
  CandidateScore: 7.5,
  ReportPDFUrl: facts.reportPdfUrl,
  TestInvitationId: 42,
};

/** A callback as Assay's worker signs it (packages/delivery). */
const signed = (secrets: string[], body: string, at = NOW) => ({ body, headers: { ...signWebhook(secrets, { id: 'msg_1', timestamp: new Date(at), body }) } });

const failure = async (promise: Promise<unknown>): Promise<WebhookVerificationFailure> => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
};

describe('verifyCompletionCallback', () => {
  const secret = generateWebhookSecret();

  it('accepts what Assay signs and answers the typed payload', async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, false)));
    expect(await verifyCompletionCallback(body, headers, secret, { now: NOW })).toEqual(expected);
  });

  it("normalises the sample's trailing-space keys", async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, true)));
    expect(body).toContain('"TotalScore "');
    expect(await verifyCompletionCallback(body, headers, secret, { now: NOW })).toEqual(expected);
  });

  it('takes raw bytes, fetch Headers and node-style array headers', async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, false)));
    const bytes = new TextEncoder().encode(body);
    expect(await verifyCompletionCallback(bytes, new Headers(headers), secret, { now: NOW })).toEqual(expected);
    const nodeHeaders = {
      'webhook-id': [headers['webhook-id']],
      'Webhook-Timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    };
    expect(await verifyCompletionCallback(bytes.buffer, nodeHeaders, secret, { now: NOW })).toEqual(expected);
  });

  it('verifies with either secret during a rotation, and with a list of secrets on the receiving side', async () => {
    const next = generateWebhookSecret();
    const { body, headers } = signed([next, secret], JSON.stringify(buildCompletionCallback(facts, false)));
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(await verifyCompletionCallback(body, headers, secret, { now: NOW })).toEqual(expected);
    expect(await verifyCompletionCallback(body, headers, next, { now: NOW })).toEqual(expected);
    const onlyNew = signed([next], body);
    expect(await verifyCompletionCallback(body, onlyNew.headers, [secret, next], { now: NOW })).toEqual(expected);
  });

  it('refuses a wrong secret, a changed body or a forged signature', async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, false)));
    expect(await failure(verifyCompletionCallback(body, headers, generateWebhookSecret(), { now: NOW }))).toBe('invalid_signature');
    expect(await failure(verifyCompletionCallback(body.replace('7.5', '10'), headers, secret, { now: NOW }))).toBe('invalid_signature');
    expect(await failure(verifyCompletionCallback(body, { ...headers, 'webhook-id': 'msg_2' }, secret, { now: NOW }))).toBe('invalid_signature');
    expect(await failure(verifyCompletionCallback(body, { ...headers, 'webhook-signature': 'v1,AAAA v2,zzz' }, secret, { now: NOW }))).toBe(
      'invalid_signature',
    );
  });

  it('refuses stale and future timestamps beyond the tolerance', async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, false)), NOW - 301_000);
    expect(await failure(verifyCompletionCallback(body, headers, secret, { now: NOW }))).toBe('stale_timestamp');
    expect(await verifyCompletionCallback(body, headers, secret, { now: NOW, toleranceSec: 600 })).toEqual(expected);
    const future = signed([secret], body, NOW + 301_000);
    expect(await failure(verifyCompletionCallback(body, future.headers, secret, { now: NOW }))).toBe('stale_timestamp');
    expect(await failure(verifyCompletionCallback(body, { ...headers, 'webhook-timestamp': 'yesterday' }, secret, { now: NOW }))).toBe('invalid_timestamp');
  });

  it('refuses missing headers, a malformed secret and a signed body that is not a callback', async () => {
    const { body, headers } = signed([secret], JSON.stringify(buildCompletionCallback(facts, false)));
    expect(await failure(verifyCompletionCallback(body, { 'webhook-id': 'msg_1' }, secret, { now: NOW }))).toBe('missing_headers');
    expect(await failure(verifyCompletionCallback(body, headers, 'whsec_***', { now: NOW }))).toBe('invalid_secret');
    const other = signed([secret], JSON.stringify({ hello: 'world' }));
    expect(await failure(verifyCompletionCallback(other.body, other.headers, secret, { now: NOW }))).toBe('invalid_payload');
    const text = signed([secret], 'not json');
    expect(await failure(verifyCompletionCallback(text.body, text.headers, secret, { now: NOW }))).toBe('invalid_payload');
  });
});
