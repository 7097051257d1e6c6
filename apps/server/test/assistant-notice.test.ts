import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession } from '@assay/domain';
import { registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends } from './helpers/test-app.js';
import { assistantDefinition, startAssistantHarness, type AssistantHarness } from './helpers/assistant.js';

/**
 * Issue 60, item 1 (decision 1181): the landing's AI notice acknowledged by the candidate is recorded with the
 * attempt's AI snapshot, at the start's instant; a start that does not say so (an API start) records nothing of it.
 */
describe.each(backends)('the AI notice acknowledged at the start on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    testId = await a.h.importTest(assistantDefinition);
  });
  afterAll(() => a.close());

  const start = (token: string, body?: unknown) =>
    a.h.request({ method: 'POST', url: `/candidate/v1/${token}/start`, apiKey: null, ...(body === undefined ? {} : { body }) });

  it('records when the candidate acknowledged the notice', async () => {
    const { token, invitationId } = await registerFor(a.h, testId, 'acknowledged@example.com');
    const before = Date.now();
    const session = expectSuccess<CandidateSession>(await start(token, { aiNoticeAcknowledged: true }));
    const snapshot = await a.h.store.assistant.snapshotOf(invitationId);
    expect(snapshot?.noticeAcknowledgedAt).toBeDefined();
    expect(Date.parse(snapshot!.noticeAcknowledgedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(snapshot!.noticeAcknowledgedAt!)).toBe(Date.parse(session.startedAt!));
  });

  it('records nothing of it for a start without the acknowledgment, with or without a body', async () => {
    for (const [email, body] of [
      ['bare@example.com', undefined],
      ['empty@example.com', {}],
      ['declined@example.com', { aiNoticeAcknowledged: false }],
    ] as const) {
      const { token, invitationId } = await registerFor(a.h, testId, email);
      expectSuccess(await start(token, body));
      const snapshot = await a.h.store.assistant.snapshotOf(invitationId);
      expect(snapshot?.version).toMatch(/^[0-9a-f]{12}$/);
      expect(snapshot).not.toHaveProperty('noticeAcknowledgedAt');
    }
  });

  it('refuses a body that does not fit as bad input, not a 5xx, and starts nothing', async () => {
    const { token, invitationId } = await registerFor(a.h, testId, 'odd@example.com');
    const response = await start(token, { aiNoticeAcknowledged: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(await a.h.store.assistant.snapshotOf(invitationId)).toBeNull();
  });
});
