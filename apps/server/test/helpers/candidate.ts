import { expect } from 'vitest';
import type { CandidateInput } from '@assay/client';
import { moveInvitation, type CandidateSession, type InvitationEvent } from '@assay/domain';
import type { Harness } from './test-app.js';

/** A controllable clock for deadline and access-window tests. */
export const manualClock = (start: number) => {
  let current = start;
  return { now: () => current, set: (at: number) => void (current = at), advance: (ms: number) => void (current += ms) };
};

/** The opaque token at the end of a take-test URL. */
export const tokenOf = (takeTestUrl: string): string => {
  const token = new URL(takeTestUrl).pathname.split('/').at(-1)!;
  expect(token.length).toBeGreaterThanOrEqual(43);
  return token;
};

/** Registers a candidate on a test (4.7) and answers the invitation id and the candidate token. */
export const registerFor = async (h: Harness, testId: number, emailId: string, extra: Partial<CandidateInput> = {}) => {
  const result = await h.client.invitations.register(testId, { emailId, fullName: 'Ada Lovelace', ...extra });
  return { invitationId: result.testInvitationId, token: tokenOf(result.takeTestURL) };
};

/**
 * Candidate API calls: no API key, the token is the credential. Each call answers the raw HTTP response, for
 * tests that judge the answer itself (refusals, headers); `client` is the typed @assay/client attempt for the
 * steps that must simply succeed.
 */
export const candidate = (h: Harness, token: string) => ({
  client: h.client.candidate(token),
  session: () => h.request({ method: 'GET', url: `/candidate/v1/${token}`, apiKey: null }),
  start: () => h.request({ method: 'POST', url: `/candidate/v1/${token}/start`, apiKey: null }),
  answer: (questionId: number, body: unknown) => h.request({ method: 'PUT', url: `/candidate/v1/${token}/answers/${questionId}`, body, apiKey: null }),
  event: (
    type: 'left' | 'returned' | 'unload' | 'section' | 'camera-off' | 'question' | 'paste' | 'insertion' | 'keystroke',
    at: string,
    extra: { sectionId?: number; questionId?: number; chars?: number; lines?: number } = {},
  ) => h.request({ method: 'POST', url: `/candidate/v1/${token}/events`, body: { type, at, ...extra }, apiKey: null }),
  run: (questionId: number, code: string) => h.request({ method: 'POST', url: `/candidate/v1/${token}/run/${questionId}`, body: { code }, apiKey: null }),
  snapshot: (image: string) => h.request({ method: 'POST', url: `/candidate/v1/${token}/snapshots`, body: { image }, apiKey: null }),
  submit: () => h.request({ method: 'POST', url: `/candidate/v1/${token}/submit`, apiKey: null }),
});

/** Question ids of a running attempt, by the order they appear (sample test: [single, multiple, coding]). */
export const questionIdsOf = (session: CandidateSession): number[] =>
  session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));

/** Question ids of a test straight from the store: the candidate API shows none before the start. */
export const questionIdsOfTest = async (h: Harness, testId: number): Promise<number[]> =>
  (await h.store.attempts.questions(testId)).map((question) => question.id);

export const SUM_SOLUTION = 'function sum(numbers) { return numbers.reduce((a, b) => a + b, 0); }';

/** Moves an invitation through the domain machine straight in the store (moves with no HTTP endpoint of their own). */
export const applyMoves = async (h: Harness, orgId: number, invitationId: number, ...types: InvitationEvent['type'][]) => {
  for (const type of types) {
    const at = Date.now();
    const event: InvitationEvent =
      type === 'start'
        ? { type, at, durationMinutes: 60 }
        : type === 'terminate'
          ? { type, at, termination: { kind: 'window', count: 1, limit: 0 } }
          : type === 'reattempt' || type === 'reset'
            ? { type }
            : { type, at };
    const applied = await h.store.invitations.applyMove(orgId, invitationId, (invitation) => moveInvitation(invitation, event), at);
    expect(applied?.move.err).toBeUndefined();
  }
};
