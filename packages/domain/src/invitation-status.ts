import { match } from 'ts-pattern';
import { z } from 'zod';
import { deadlineOf } from './candidate/attempt-clock.js';
import { ALREADY_COMPLETED, INVITATION_CANCELLED, NOT_STARTED, refusedWith } from './candidate/attempt-refusals.js';
import type { AttemptEndReason } from './candidate/attempt-end.js';
import { closeProctoring, type ProctoringCounters } from './candidate/proctoring.js';
import type { Termination } from './candidate/violation-limits.js';
import type { AttemptRules } from './candidate/attempt-rules.js';
import { ok, refuse, type Result } from './result.js';
import type { AttemptAiSnapshot } from './ai/attempt-ai-snapshot.js';

/** A question an attempt was shown from a pool, named as its exposures are counted (`exposureIdentityOf`). */
export interface ExposedQuestion {
  readonly identity: string;
  readonly label: string;
}

/** Spec 3.3 states, plus `Cancelled`, where a cancel leaves a Pending or Reset invitation. */
export const InvitationStatus = z.enum(['Pending', 'In progress', 'Completed', 'Reset', 'Cancelled']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** What the org or the candidate asks of an invitation, with the facts each move needs. */
export type InvitationEvent =
  | { type: 'cancel'; at: number }
  | { type: 'reattempt' }
  /** `extraTimePercent`: the candidate's accommodation, if any (see `deadlineOf`). */
  /** `variantSeed`: what the attempt's questions are drawn and ordered from (`attemptVariant`), drawn by the shell. */
  /** `ai`: the attempt's AI snapshot, fixed with the start (decision 1160). */
  /** `rules`: the test's and link's rules as they stand now, fixed for the attempt (`attemptRulesOf`, decision 1140). */
  /** `versionId`: the row of the test version the start was decided on, which the attempt keeps (issue 62 item 4). */
  | {
      type: 'start';
      at: number;
      durationMinutes: number;
      extraTimePercent?: number;
      variantSeed?: number;
      rules?: AttemptRules;
      ai?: AttemptAiSnapshot;
      versionId?: number;
      /** The pooled questions drawn, under their exposure identities: the start counts them (issue 62 item 5). */
      exposed?: readonly ExposedQuestion[];
    }
  | { type: 'submit'; at: number }
  | { type: 'expire'; at: number }
  /** The server saw a violation over the test's limit (`terminationOf`): the attempt ends now (decision 942). */
  | { type: 'terminate'; at: number; termination: Termination }
  | { type: 'reset' };

/** The invitation as a move sees it. */
export interface InvitationFacts {
  readonly status: InvitationStatus;
  readonly deadline: number | null;
  readonly proctoring: ProctoringCounters;
}

/**
 * What a move does besides setting the status; the store turns each kind into its writes in one place
 * (`writesOf` in its `invitation-moves.ts`), which `applyMove` runs in the transaction that moves the status.
 */
export type InvitationEffect =
  | { readonly kind: 'none' }
  | { readonly kind: 'cancel'; readonly cancelledAt: number }
  | { readonly kind: 'createReattempt' }
  | {
      readonly kind: 'startAttempt';
      readonly startedAt: number;
      readonly deadline: number;
      readonly variantSeed?: number;
      readonly rules?: AttemptRules;
      readonly ai?: AttemptAiSnapshot;
      /** The test version's row the attempt keeps; absent: the one current when the start is written. */
      readonly versionId?: number;
      /** The pooled questions drawn: their exposure counts go up with the start, in its transaction. */
      readonly exposed?: readonly ExposedQuestion[];
    }
  /** Submit or deadline: the attempt ends (never after its deadline), proctoring closes, scoring and announcements are queued. */
  | {
      readonly kind: 'completeAttempt';
      readonly completedAt: number;
      readonly proctoring: ProctoringCounters;
      readonly reason: AttemptEndReason;
      /** Set when a violation limit ended it (reason 'terminated'): the history names the count. */
      readonly termination?: Termination;
    }
  /** Reset: the attempt starts over with the same URL; answers, scores and snapshots go; its grades stop counting (kept in the history). */
  | { readonly kind: 'clearAttempt' };

export interface InvitationMove {
  readonly next: InvitationStatus;
  readonly effect: InvitationEffect;
}

const NONE: InvitationEffect = { kind: 'none' };
const stay = (next: InvitationStatus): Result<InvitationMove> => ok({ next, effect: NONE });
const moveTo = (next: InvitationStatus, effect: InvitationEffect = NONE): Result<InvitationMove> => ok({ next, effect });
const cannot = (message: string): Result<InvitationMove> => refuse('operation-not-allowed', message);

const CANCEL_REFUSED = 'The invitation cannot be cancelled: the test is in progress or completed.';
const REATTEMPT_REFUSED = 'Reattempt is allowed only on a completed invitation.';

/** Submit or deadline: the end is the event's instant, but never past the deadline; still away counts until then. */
const completion = (invitation: InvitationFacts, at: number, reason: AttemptEndReason): Extract<InvitationEffect, { kind: 'completeAttempt' }> => {
  const completedAt = Math.min(at, invitation.deadline ?? at);
  return { kind: 'completeAttempt', completedAt, proctoring: closeProctoring(invitation.proctoring, completedAt), reason };
};

/**
 * The invitation state machine. Every (state, event) pair is spelled out: adding a state or an event
 * fails the build until each pair is decided (decisions 24–28), and every move
 * names its effect, so a new one is one edit here and one in the store.
 */
export const moveInvitation = (invitation: InvitationFacts, event: InvitationEvent): Result<InvitationMove> =>
  match<[InvitationStatus, InvitationEvent], Result<InvitationMove>>([invitation.status, event])
    .with(['Pending', { type: 'cancel' }], ['Reset', { type: 'cancel' }], ([, { at }]) => moveTo('Cancelled', { kind: 'cancel', cancelledAt: at }))
    .with(['In progress', { type: 'cancel' }], ['Completed', { type: 'cancel' }], () => cannot(CANCEL_REFUSED))
    // Cancelling twice answers the same as the first time: GETs get retried.
    .with(['Cancelled', { type: 'cancel' }], () => stay('Cancelled'))

    .with(['Completed', { type: 'reattempt' }], () => moveTo('Completed', { kind: 'createReattempt' }))
    .with(
      ['Pending', { type: 'reattempt' }],
      ['In progress', { type: 'reattempt' }],
      ['Reset', { type: 'reattempt' }],
      ['Cancelled', { type: 'reattempt' }],
      () => cannot(REATTEMPT_REFUSED),
    )

    // The candidate's own moves (start, submit) are refused in the candidate's words and codes (attempt-refusals.ts),
    // which the candidate API answers as they are.
    .with(
      ['Pending', { type: 'start' }],
      ['Reset', { type: 'start' }],
      ([, { at, durationMinutes, extraTimePercent, variantSeed, rules, ai, versionId, exposed }]) =>
        moveTo('In progress', {
          kind: 'startAttempt',
          startedAt: at,
          deadline: deadlineOf(at, durationMinutes, extraTimePercent),
          ...(variantSeed === undefined ? {} : { variantSeed }),
          ...(rules === undefined ? {} : { rules }),
          ...(ai === undefined ? {} : { ai }),
          ...(versionId === undefined ? {} : { versionId }),
          ...(exposed === undefined ? {} : { exposed }),
        }),
    )
    .with(['In progress', { type: 'start' }], () => stay('In progress'))
    .with(['Completed', { type: 'start' }], () => refusedWith(ALREADY_COMPLETED))
    .with(['Cancelled', { type: 'start' }], () => refusedWith(INVITATION_CANCELLED))

    // A submit, the page's own at time-up included, is handed in; only the deadline's sweep ends an attempt nobody submitted.
    .with(['In progress', { type: 'submit' }], ([, { at }]) => moveTo('Completed', completion(invitation, at, 'submitted')))
    .with(['In progress', { type: 'expire' }], ([, { at }]) => moveTo('Completed', completion(invitation, at, 'time-up')))
    .with(['Completed', { type: 'submit' }], () => stay('Completed'))
    .with(['Pending', { type: 'submit' }], ['Reset', { type: 'submit' }], () => refusedWith(NOT_STARTED))
    .with(['Cancelled', { type: 'submit' }], () => refusedWith(INVITATION_CANCELLED))
    .with(['Pending', { type: 'expire' }], ['Completed', { type: 'expire' }], ['Reset', { type: 'expire' }], ['Cancelled', { type: 'expire' }], ([current]) =>
      stay(current),
    )

    .with(['In progress', { type: 'terminate' }], ([, { at, termination }]) =>
      moveTo('Completed', { ...completion(invitation, at, 'terminated'), termination }),
    )
    // Submitted or timed out while the violation was on its way: it ended already, as it ended.
    .with(['Completed', { type: 'terminate' }], () => stay('Completed'))
    .with(['Pending', { type: 'terminate' }], ['Reset', { type: 'terminate' }], () => refusedWith(NOT_STARTED))
    .with(['Cancelled', { type: 'terminate' }], () => refusedWith(INVITATION_CANCELLED))

    .with(['In progress', { type: 'reset' }], ['Completed', { type: 'reset' }], () => moveTo('Reset', { kind: 'clearAttempt' }))
    .with(['Reset', { type: 'reset' }], () => stay('Reset'))
    .with(['Pending', { type: 'reset' }], () => cannot('The test has not been started: there is nothing to reset.'))
    .with(['Cancelled', { type: 'reset' }], () => cannot('The invitation has been cancelled.'))
    .exhaustive();

export const invitationStatuses = InvitationStatus.options;
export const invitationEventTypes: InvitationEvent['type'][] = ['cancel', 'reattempt', 'start', 'submit', 'expire', 'terminate', 'reset'];
