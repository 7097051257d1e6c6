import { z } from 'zod';
import { Id } from '../ids.js';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';
import { plainText } from '../schemas/text-fields.js';
import type { AttemptEndReason } from '../candidate/attempt-end.js';
import { v3StatusOf, type V3InvitationStatus } from './v3-status.js';

/** The widest window `POST /v3/candidates/testattempts` reads, and the most attempts it answers (decision 911). */
export const MAX_TEST_ATTEMPTS_DAYS = 31;
export const MAX_TEST_ATTEMPTS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which attempts: `completed` covers Complete, Test Left and Terminated. */
export const V3AttemptState = z.enum(['completed', 'cancelled', 'expired']);
export type V3AttemptState = z.infer<typeof V3AttemptState>;

export const V3TestAttemptsQuery = z.object({ state: V3AttemptState });

const utcInstant = (field: string) =>
  z.iso
    .datetime({ local: true, offset: true, error: `${field} must be a UTC date-time, e.g. 2026-12-01T00:00:00Z` })
    .check(plainText(field))
    .meta({ description: 'UTC, ISO 8601 (a time without a zone is read as UTC).' });

export const V3TestAttemptsInput = z.object({ StartDateTime: utcInstant('StartDateTime'), EndDateTime: utcInstant('EndDateTime') });
export type V3TestAttemptsInput = z.infer<typeof V3TestAttemptsInput>;

/**
 * A reconciled attempt's status in the words of iMocha's reconciliation (decision 1028): its sample answers
 * `Completed`, and its reference names the states Completed, Testleft, Terminated, Cancelled and Expired — not the
 * words of v3's callbacks and report (`Complete`, `Test Left`).
 */
export const V3AttemptStatus = z.enum(['Pending', 'InProgress', 'Completed', 'Testleft', 'Terminated', 'Cancelled', 'Expired']);
export type V3AttemptStatus = z.infer<typeof V3AttemptStatus>;

const ATTEMPT_STATUS_OF: Readonly<Record<V3InvitationStatus, V3AttemptStatus>> = {
  Pending: 'Pending',
  'In Progress': 'InProgress',
  Complete: 'Completed',
  'Test Left': 'Testleft',
  Terminated: 'Terminated',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
};

export const V3TestAttempt = z
  .object({
    testInvitationId: Id,
    testId: Id,
    name: z.string(),
    email: z.string(),
    invitationtype: z
      .enum(['api', 'app'])
      .meta({ description: 'app: the candidate registered through a public test link; api: a call made it (decision 910).' }),
    testStatus: V3AttemptStatus,
  })
  .meta({ id: 'V3TestAttempt' });
export type V3TestAttempt = z.infer<typeof V3TestAttempt>;

export const V3TestAttemptsAnswer = z
  .object({ result: z.object({ testAttempts: z.array(V3TestAttempt) }), errors: z.null() })
  .meta({ id: 'V3TestAttemptsAnswer' });
export type V3TestAttemptsAnswer = z.infer<typeof V3TestAttemptsAnswer>;

/** The instants a reconciliation covers: `from` inclusive, `to` exclusive, epoch milliseconds. */
export interface V3AttemptsWindow {
  readonly from: number;
  readonly to: number;
}

/** A date-time without a zone is UTC, as v3 documents it (not the server's local time, which `Date.parse` would use). */
const utcMs = (text: string): number => Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);

/** The window asked about: end after start (400.63), at most 31 days (400.64). */
export const v3AttemptsWindow = (input: V3TestAttemptsInput): Result<V3AttemptsWindow> => {
  const from = utcMs(input.StartDateTime);
  const to = utcMs(input.EndDateTime);
  if (to <= from) return refuse('window-ends-before-start', 'EndDateTime must be after StartDateTime.');
  if (to - from > MAX_TEST_ATTEMPTS_DAYS * DAY_MS) {
    return refuse('window-too-long', `The window may span at most ${MAX_TEST_ATTEMPTS_DAYS} days: ask for several windows.`);
  }
  return ok({ from, to });
};

/** An invitation as the store reads it for a reconciliation. */
export interface V3AttemptRow {
  readonly testInvitationId: number;
  readonly testId: number;
  readonly name: string;
  readonly email: string;
  readonly selfRegistered: boolean;
  readonly status: InvitationStatus;
  readonly endReason: AttemptEndReason | null;
}

/**
 * The answer to a reconciliation: every row the store found, or a refusal (400.65) when there are more than v3's
 * answer may hold, so that no attempt is silently left out (the store reads one row more than the bound).
 */
export const v3TestAttemptsOf = (rows: readonly V3AttemptRow[], state: V3AttemptState): Result<V3TestAttemptsAnswer> => {
  if (rows.length > MAX_TEST_ATTEMPTS) {
    return refuse('window-too-many-attempts', `More than ${MAX_TEST_ATTEMPTS} ${state} attempts in this window: ask for a shorter one.`);
  }
  const testAttempts = rows.map((row) => ({
    testInvitationId: row.testInvitationId,
    testId: row.testId,
    name: row.name,
    email: row.email,
    invitationtype: row.selfRegistered ? ('app' as const) : ('api' as const),
    // An expired row is one whose access ended (the store reads only those); the others' status says it all.
    testStatus: ATTEMPT_STATUS_OF[v3StatusOf({ status: row.status, endReason: row.endReason, accessEnded: state === 'expired' })],
  }));
  return ok({ result: { testAttempts }, errors: null });
};
