import { describe, it, expect } from 'vitest';
import {
  InvitationStatus,
  invitationEventTypes,
  invitationStatuses,
  moveInvitation,
  type InvitationEffect,
  type InvitationEvent,
  type InvitationFacts,
} from './invitation-status.js';
import type { Refusal } from './result.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const DEADLINE = T0 + 60 * 60_000;
const facts = (status: InvitationStatus, overrides: Partial<InvitationFacts> = {}): InvitationFacts => ({
  status,
  deadline: status === 'In progress' || status === 'Completed' ? DEADLINE : null,
  proctoring: { wv: 0, tv: 0, leftAt: null },
  ...overrides,
});
const TERMINATION = { kind: 'window', count: 3, limit: 2 } as const;
const eventOf = (type: InvitationEvent['type'], at = T0 + 1_000): InvitationEvent =>
  type === 'start'
    ? { type, at, durationMinutes: 60 }
    : type === 'terminate'
      ? { type, at, termination: TERMINATION }
      : type === 'reattempt' || type === 'reset'
        ? { type }
        : { type, at };
type EffectKind = InvitationEffect['kind'];

type EventType = InvitationEvent['type'];

const CANCEL_REFUSED = 'The invitation cannot be cancelled: the test is in progress or completed.';
const REATTEMPT_REFUSED = 'Reattempt is allowed only on a completed invitation.';
const CANCELLED = 'The invitation has been cancelled.';
const NOTHING_TO_RESET = 'The test has not been started: there is nothing to reset.';
// The candidate's moves are refused as the candidate API answers them (the org's, with 403.4).
const NOT_STARTED: Refusal = { kind: 'attempt-not-started', message: 'Start the test first.' };
const CANDIDATE_CANCELLED: Refusal = { kind: 'invitation-cancelled', message: 'This invitation has been cancelled.' };
const ALREADY_COMPLETED: Refusal = { kind: 'attempt-over', message: 'You have already completed this test.' };

type Row =
  | { state: InvitationStatus; event: EventType; outcome: 'moves'; next: InvitationStatus; effect: EffectKind }
  | { state: InvitationStatus; event: EventType; outcome: 'refused'; refusal: Refusal };

const moves = (state: InvitationStatus, event: EventType, next: InvitationStatus, effect: EffectKind = 'none'): Row => ({
  state,
  event,
  outcome: 'moves',
  next,
  effect,
});
const refused = (state: InvitationStatus, event: EventType, reason: string | Refusal): Row => ({
  state,
  event,
  outcome: 'refused',
  refusal: typeof reason === 'string' ? { kind: 'operation-not-allowed', message: reason } : reason,
});

/** Every (state, event) pair: 5 states x 7 events. */
const table: Row[] = [
  // Pending
  moves('Pending', 'cancel', 'Cancelled', 'cancel'),
  refused('Pending', 'reattempt', REATTEMPT_REFUSED),
  moves('Pending', 'start', 'In progress', 'startAttempt'),
  refused('Pending', 'submit', NOT_STARTED),
  moves('Pending', 'expire', 'Pending'),
  refused('Pending', 'terminate', NOT_STARTED),
  refused('Pending', 'reset', NOTHING_TO_RESET),
  // In progress
  refused('In progress', 'cancel', CANCEL_REFUSED),
  refused('In progress', 'reattempt', REATTEMPT_REFUSED),
  moves('In progress', 'start', 'In progress'),
  moves('In progress', 'submit', 'Completed', 'completeAttempt'),
  moves('In progress', 'expire', 'Completed', 'completeAttempt'),
  moves('In progress', 'terminate', 'Completed', 'completeAttempt'),
  moves('In progress', 'reset', 'Reset', 'clearAttempt'),
  // Completed
  refused('Completed', 'cancel', CANCEL_REFUSED),
  moves('Completed', 'reattempt', 'Completed', 'createReattempt'),
  refused('Completed', 'start', ALREADY_COMPLETED),
  moves('Completed', 'submit', 'Completed'),
  moves('Completed', 'expire', 'Completed'),
  moves('Completed', 'terminate', 'Completed'),
  moves('Completed', 'reset', 'Reset', 'clearAttempt'),
  // Reset
  moves('Reset', 'cancel', 'Cancelled', 'cancel'),
  refused('Reset', 'reattempt', REATTEMPT_REFUSED),
  moves('Reset', 'start', 'In progress', 'startAttempt'),
  refused('Reset', 'submit', NOT_STARTED),
  moves('Reset', 'expire', 'Reset'),
  refused('Reset', 'terminate', NOT_STARTED),
  moves('Reset', 'reset', 'Reset'),
  // Cancelled
  moves('Cancelled', 'cancel', 'Cancelled'),
  refused('Cancelled', 'reattempt', REATTEMPT_REFUSED),
  refused('Cancelled', 'start', CANDIDATE_CANCELLED),
  refused('Cancelled', 'submit', CANDIDATE_CANCELLED),
  moves('Cancelled', 'expire', 'Cancelled'),
  refused('Cancelled', 'terminate', CANDIDATE_CANCELLED),
  refused('Cancelled', 'reset', CANCELLED),
];

describe('moveInvitation', () => {
  it('the table lists every (state, event) pair exactly once', () => {
    expect(table).toHaveLength(35);
    const listed = table.map((row) => `${row.state}/${row.event}`).sort();
    const all = invitationStatuses.flatMap((state) => invitationEventTypes.map((event) => `${state}/${event}`)).sort();
    expect(listed).toEqual(all);
    expect(new Set(listed).size).toBe(35);
  });

  it.each(table)('$state + $event -> $outcome', (row) => {
    const result = moveInvitation(facts(row.state), eventOf(row.event));
    if (row.outcome === 'moves') {
      expect(result.err).toBeUndefined();
      expect(result.val?.next).toBe(row.next);
      expect(result.val?.effect.kind).toBe(row.effect);
    } else {
      expect(result.val).toBeUndefined();
      expect(result.err).toEqual(row.refusal);
    }
  });

  describe('spec 3.3', () => {
    it('cancel from Pending moves to Cancelled', () => {
      expect(moveInvitation(facts('Pending'), eventOf('cancel')).val?.next).toBe('Cancelled');
    });

    it.each(['In progress', 'Completed'] as const)('cancel from %s is refused with 403.4 and leaves no move', (state) => {
      const result = moveInvitation(facts(state), eventOf('cancel'));
      expect(result.err?.kind).toBe('operation-not-allowed');
      expect(result.err?.message).toMatch(/cannot be cancelled/);
    });

    it('reattempt is only allowed from Completed and asks for a new invitation', () => {
      const allowed = invitationStatuses.filter((state) => moveInvitation(facts(state), eventOf('reattempt')).err === undefined);
      expect(allowed).toEqual(['Completed']);
      expect(moveInvitation(facts('Completed'), eventOf('reattempt')).val).toEqual({ next: 'Completed', effect: { kind: 'createReattempt' } });
    });

    it('only reattempt creates a reattempt', () => {
      for (const state of invitationStatuses) {
        for (const type of invitationEventTypes) {
          const effect = moveInvitation(facts(state), eventOf(type)).val?.effect;
          if (effect?.kind === 'createReattempt') expect([state, type]).toEqual(['Completed', 'reattempt']);
        }
      }
    });
  });

  describe('what each effect carries', () => {
    it('start: the clock from the event, the deadline after the test duration', () => {
      expect(moveInvitation(facts('Reset'), { type: 'start', at: T0, durationMinutes: 45 }).val?.effect).toEqual({
        kind: 'startAttempt',
        startedAt: T0,
        deadline: T0 + 45 * 60_000,
      });
    });

    it('start with an accommodation: the deadline after the duration plus the extra time', () => {
      expect(moveInvitation(facts('Pending'), { type: 'start', at: T0, durationMinutes: 40, extraTimePercent: 50 }).val?.effect).toEqual({
        kind: 'startAttempt',
        startedAt: T0,
        deadline: T0 + 60 * 60_000,
      });
    });

    it('start with the rules as they stand: they go with the start, to be stored with the attempt (decision 1140)', () => {
      const rules = { windowViolationLimit: 3, imageViolationLimit: null, copyPasteAllowed: false, violationPopup: true, cameraRequired: true };
      expect(moveInvitation(facts('Pending'), { type: 'start', at: T0, durationMinutes: 45, rules }).val?.effect).toEqual({
        kind: 'startAttempt',
        startedAt: T0,
        deadline: T0 + 45 * 60_000,
        rules,
      });
    });

    it('submit: completes now, with proctoring closed (still away counts until the end)', () => {
      const away = facts('In progress', { proctoring: { wv: 1, tv: 5, leftAt: T0 } });
      expect(moveInvitation(away, { type: 'submit', at: T0 + 10_000 }).val?.effect).toEqual({
        kind: 'completeAttempt',
        completedAt: T0 + 10_000,
        proctoring: { wv: 1, tv: 15, leftAt: null, unloading: false },
        reason: 'submitted',
      });
    });

    it('the end reason: a submit (late or not) is handed in; only the deadline sweep is time up', () => {
      const reasonOf = (type: 'submit' | 'expire', at: number) => {
        const effect = moveInvitation(facts('In progress'), { type, at }).val?.effect;
        return effect?.kind === 'completeAttempt' ? effect.reason : undefined;
      };
      expect(reasonOf('submit', T0 + 1)).toBe('submitted');
      expect(reasonOf('submit', DEADLINE + 90_000)).toBe('submitted');
      expect(reasonOf('expire', DEADLINE + 90_000)).toBe('time-up');
    });

    it('expire (or a late submit): completes at the deadline, never after it', () => {
      for (const type of ['expire', 'submit'] as const) {
        const effect = moveInvitation(facts('In progress'), { type, at: DEADLINE + 90_000 }).val?.effect;
        expect(effect).toMatchObject({ kind: 'completeAttempt', completedAt: DEADLINE });
      }
    });

    it('terminate: completes now like a submit, proctoring closed, naming the count that ended it', () => {
      const away = facts('In progress', { proctoring: { wv: 3, tv: 5, leftAt: T0 } });
      expect(moveInvitation(away, { type: 'terminate', at: T0 + 2_000, termination: TERMINATION }).val?.effect).toEqual({
        kind: 'completeAttempt',
        completedAt: T0 + 2_000,
        proctoring: { wv: 3, tv: 7, leftAt: null, unloading: false },
        reason: 'terminated',
        termination: TERMINATION,
      });
    });

    it('cancel: remembers when', () => {
      expect(moveInvitation(facts('Pending'), { type: 'cancel', at: T0 }).val?.effect).toEqual({ kind: 'cancel', cancelledAt: T0 });
    });
  });

  it('InvitationStatus accepts the five states and nothing else', () => {
    expect(invitationStatuses).toEqual(['Pending', 'In progress', 'Completed', 'Reset', 'Cancelled']);
    expect(InvitationStatus.safeParse('In progress').success).toBe(true);
    expect(InvitationStatus.safeParse('cancelled').success).toBe(false);
    expect(InvitationStatus.safeParse('InProgress').success).toBe(false);
  });
});
