import { formatWireDateTime, type InvitationStatus } from '@assay/domain';
import { inPool } from '@assay/testing';
import { expect, vi } from 'vitest';
import { type AttemptPlan, takeAttempt } from './attempts.js';
import type { TestOrg } from './org.js';

/** Three single-choice questions of 14, 1 and 2 marks: every score 0–3 and 14–17 can be made, around the shortlist's 15. */
const SCORED_AROUND_15 = {
  testName: 'Acceptance pipeline',
  duration: 30,
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [14, 1, 2].map((marks) => ({
        type: 'single_choice',
        text: `Worth ${marks}`,
        marks,
        options: [{ text: 'Wrong' }, { text: 'Right', correct: true }],
      })),
    },
  ],
};

/** The picks that score `score` (0–3 or 14–17); a zero is answered, wrongly. */
const picksFor = (score: number): AttemptPlan['picks'] => {
  const rest = score % 14;
  const pick = (right: boolean) => (right ? 'Right' : 'Wrong');
  return { 'Worth 14': pick(score >= 14), 'Worth 1': pick((rest & 1) === 1), 'Worth 2': pick((rest & 2) === 2) };
};

/** The scores completed attempts get, in turn: most near 15 (the boundary the shortlist draws), a few far below. */
const SCORES = [14, 15, 16, 17, 0, 3, 15, 14, 16, 2] as const;

type Review = 'confirmed' | 'dismissed' | 'unreviewed';

/** What the fixture made of one invitation: what the pipeline must answer for it. */
export interface MadeInvitation {
  readonly testInvitationId: number;
  readonly status: InvitationStatus;
  readonly score: number | null;
  /** The review of its one departure, if the candidate left the window. */
  readonly departure: Review | null;
  /** Given an expiry that has passed before it was started: Pending, and its link refuses a start (403.7). */
  readonly expired: boolean;
  readonly takeTestURL: string;
}

export interface PipelineFixture {
  readonly testId: number;
  readonly invitations: readonly MadeInvitation[];
  /** How long each part took, for the report of a slow machine. */
  readonly timings: Readonly<Record<string, number>>;
}

const COUNTS = { completed: 170, inProgress: 30, reset: 3, cancelled: 20, expired: 10, pending: 62, reattempts: 5 } as const;
/** Invitations registered directly; the reattempts make the other five of 300. */
const REGISTERED = COUNTS.completed + COUNTS.inProgress + COUNTS.reset + COUNTS.cancelled + COUNTS.expired + COUNTS.pending;
/** Eight candidates at a time: about what a browser-full of real candidates sends, and what 2 loaded cores bear. */
const LANES = 8;

/** A departure on some of the first sixty completions scoring 15 or 16, reviewed in turn: confirmed, dismissed, left unreviewed. */
const departureOf = (index: number): Review | null => {
  if (index >= 60 || (index % 10 !== 1 && index % 10 !== 2)) return null;
  return (['confirmed', 'dismissed', 'unreviewed'] as const)[Math.floor(index / 10) % 3]!;
};

/**
 * Issue 50's acceptance test: 300 invitations of one test in every state, made through the API as a hiring team and
 * its candidates would (no row written to the store): 170 completed with scores around 15 (some with a departure a
 * reviewer confirmed, dismissed or left), 30 in progress, 3 reset, 20 cancelled, 10 expired before they were
 * started, 62 pending, and 5 reattempts of completed ones (2 of them completed again). Answers what it made.
 */
export const buildPipeline = async (org: TestOrg): Promise<PipelineFixture> => {
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const { client } = org;
  const test = await client.tests.import(SCORED_AROUND_15 as Parameters<typeof client.tests.import>[0]);
  const registered = await inPool(
    Array.from({ length: REGISTERED }, (_, index) => index),
    LANES,
    async (index) => {
      const number = String(index + 1).padStart(3, '0');
      return client.invitations.register(test.testId, { emailId: `candidate.${number}@example.com`, fullName: `Candidate ${number}` });
    },
  );
  lap('register');

  let next = 0;
  const take = (count: number) => registered.slice(next, (next += count));
  const completing = take(COUNTS.completed);
  const inProgress = take(COUNTS.inProgress);
  const resetting = take(COUNTS.reset);
  const cancelling = take(COUNTS.cancelled);
  const expiring = take(COUNTS.expired);
  const pending = take(COUNTS.pending);

  // The API takes only a future expiry (400.22): each a few seconds after its own call, which the set-up outlasts.
  let lastExpiry = 0;
  const made: MadeInvitation[] = [];
  const record = (
    { testInvitationId, takeTestURL }: { testInvitationId: number; takeTestURL: string },
    status: InvitationStatus,
    score: number | null = null,
    departure: Review | null = null,
    expired = false,
  ) => made.push({ testInvitationId, takeTestURL, status, score, departure, expired });

  const steps: (() => Promise<unknown>)[] = [
    ...expiring.map((invitation) => async () => {
      const expiresAt = Math.ceil(Date.now() / 1000) * 1000 + 3_000;
      lastExpiry = Math.max(lastExpiry, expiresAt);
      await client.reminders.setInvitationExpiry(invitation.testInvitationId, { expiresAt: formatWireDateTime(expiresAt) });
      record(invitation, 'Pending', null, null, true);
    }),
    ...completing.map((invitation, index) => async () => {
      const score = SCORES[index % SCORES.length]!;
      await takeAttempt(invitation.takeTestURL, { picks: picksFor(score), leaves: departureOf(index) !== null });
      record(invitation, 'Completed', score, departureOf(index));
    }),
    ...inProgress.map((invitation) => async () => {
      await takeAttempt(invitation.takeTestURL, { picks: picksFor(17), submits: false });
      record(invitation, 'In progress');
    }),
    ...resetting.map((invitation) => async () => {
      await takeAttempt(invitation.takeTestURL, { picks: picksFor(17), submits: false });
      await client.invitations.reset(invitation.testInvitationId);
      record(invitation, 'Reset');
    }),
    ...cancelling.map((invitation) => async () => {
      await client.invitations.cancel(invitation.testInvitationId);
      record(invitation, 'Cancelled');
    }),
    ...pending.map((invitation) => async () => record(invitation, 'Pending')),
  ];
  await inPool(steps, LANES, (step) => step());
  lap('attempts');

  const scored = async (count: number) =>
    vi.waitFor(async () => expect((await client.invitations.summary(test.testId)).scored).toBe(count), { timeout: 60_000, interval: 1_000 });
  await scored(COUNTS.completed);
  lap('scoring');

  // Reattempts of completed, clean attempts scoring 15 or more: the first invitations stay Completed with their
  // scores, the new ones are Pending until two of them are taken again.
  const reattempted = made.filter((invitation) => invitation.status === 'Completed' && invitation.departure === null && invitation.score! >= 15);
  const again = await inPool(reattempted.slice(-COUNTS.reattempts), LANES, (invitation) => client.invitations.reattempt(invitation.testInvitationId));
  await inPool(again, LANES, async (reattempt, index) => {
    if (index >= 2) {
      record(reattempt, 'Pending');
      return;
    }
    const score = index === 0 ? 17 : 14;
    await takeAttempt(reattempt.takeTestURL, { picks: picksFor(score) });
    record(reattempt, 'Completed', score);
  });
  await scored(COUNTS.completed + 2);
  lap('reattempts');

  await inPool(
    made.filter((invitation) => invitation.departure === 'confirmed' || invitation.departure === 'dismissed'),
    LANES,
    async (invitation) => {
      const departure = (await client.reports.details(invitation.testInvitationId)).integrity.departures[0]?.eventId;
      if (!departure) throw new Error(`invitation ${invitation.testInvitationId}: no departure recorded`);
      await client.invitations.reviewEvidence(invitation.testInvitationId, departure, { outcome: invitation.departure as 'confirmed' | 'dismissed' });
    },
  );
  lap('reviews');

  const waited = lastExpiry - Date.now();
  if (waited > 0) await new Promise((resolve) => setTimeout(resolve, waited + 100));
  return { testId: test.testId, invitations: made.sort((a, b) => a.testInvitationId - b.testInvitationId), timings };
};

/** The shortlist as the hiring team means it: completed, a score of 15 or more, no evidence a reviewer confirmed. */
export const shortlistOf = (fixture: PipelineFixture): number[] =>
  fixture.invitations
    .filter((invitation) => invitation.status === 'Completed' && invitation.score! >= 15 && invitation.departure !== 'confirmed')
    .map((invitation) => invitation.testInvitationId);
