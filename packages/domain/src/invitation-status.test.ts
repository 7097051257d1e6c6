import { describe, it, expect } from 'vitest';
import {
  InvitationStatus,
  invitationEventTypes,
  invitationStatuses,
  moveInvitation,
  type InvitationEffect,
  type InvitationEvent,
} from './invitation-status.js';

type EventType = InvitationEvent['type'];

const CANCEL_REFUSED = 'The invitation cannot be cancelled: the test is in progress or completed.';
const REATTEMPT_REFUSED = 'Reattempt is allowed only on a completed invitation.';
const NOT_STARTED = 'The test has not been started.';
const CANCELLED = 'The invitation has been cancelled.';
const ALREADY_COMPLETED = 'The test is already completed.';
const NOTHING_TO_RESET = 'The test has not been started: there is nothing to reset.';

type Row =
  | { state: InvitationStatus; event: EventType; outcome: 'moves'; next: InvitationStatus; effect: InvitationEffect }
  | { state: InvitationStatus; event: EventType; outcome: 'refused'; message: string };

const moves = (state: InvitationStatus, event: EventType, next: InvitationStatus, effect: InvitationEffect = 'none'): Row => ({
  state,
  event,
  outcome: 'moves',
  next,
  effect,
});
const refused = (state: InvitationStatus, event: EventType, message: string): Row => ({ state, event, outcome: 'refused', message });

/** Every (state, event) pair: 5 states x 6 events. */
const table: Row[] = [
  // Pending
  moves('Pending', 'cancel', 'Cancelled'),
  refused('Pending', 'reattempt', REATTEMPT_REFUSED),
  moves('Pending', 'start', 'In progress'),
  refused('Pending', 'submit', NOT_STARTED),
  moves('Pending', 'expire', 'Pending'),
  refused('Pending', 'reset', NOTHING_TO_RESET),
  // In progress
  refused('In progress', 'cancel', CANCEL_REFUSED),
  refused('In progress', 'reattempt', REATTEMPT_REFUSED),
  moves('In progress', 'start', 'In progress'),
  moves('In progress', 'submit', 'Completed'),
  moves('In progress', 'expire', 'Completed'),
  moves('In progress', 'reset', 'Reset', 'clearAttempt'),
  // Completed
  refused('Completed', 'cancel', CANCEL_REFUSED),
  moves('Completed', 'reattempt', 'Completed', 'createReattempt'),
  refused('Completed', 'start', ALREADY_COMPLETED),
  moves('Completed', 'submit', 'Completed'),
  moves('Completed', 'expire', 'Completed'),
  moves('Completed', 'reset', 'Reset', 'clearAttempt'),
  // Reset
  moves('Reset', 'cancel', 'Cancelled'),
  refused('Reset', 'reattempt', REATTEMPT_REFUSED),
  moves('Reset', 'start', 'In progress'),
  refused('Reset', 'submit', NOT_STARTED),
  moves('Reset', 'expire', 'Reset'),
  moves('Reset', 'reset', 'Reset'),
  // Cancelled
  moves('Cancelled', 'cancel', 'Cancelled'),
  refused('Cancelled', 'reattempt', REATTEMPT_REFUSED),
  refused('Cancelled', 'start', CANCELLED),
  refused('Cancelled', 'submit', CANCELLED),
  moves('Cancelled', 'expire', 'Cancelled'),
  refused('Cancelled', 'reset', CANCELLED),
];

describe('moveInvitation', () => {
  it('the table lists every (state, event) pair exactly once', () => {
    expect(table).toHaveLength(30);
    const listed = table.map((row) => `${row.state}/${row.event}`).sort();
    const all = invitationStatuses.flatMap((state) => invitationEventTypes.map((event) => `${state}/${event}`)).sort();
    expect(listed).toEqual(all);
    expect(new Set(listed).size).toBe(30);
  });

  it.each(table)('$state + $event -> $outcome', (row) => {
    const result = moveInvitation(row.state, { type: row.event });
    if (row.outcome === 'moves') {
      expect(result.err).toBeUndefined();
      expect(result.val).toEqual({ next: row.next, effect: row.effect });
    } else {
      expect(result.val).toBeUndefined();
      expect(result.err).toEqual({ code: '403.4', message: row.message });
    }
  });

  describe('spec 3.3', () => {
    it('cancel from Pending moves to Cancelled', () => {
      expect(moveInvitation('Pending', { type: 'cancel' }).val?.next).toBe('Cancelled');
    });

    it.each(['In progress', 'Completed'] as const)('cancel from %s is refused with 403.4 and leaves no move', (state) => {
      const result = moveInvitation(state, { type: 'cancel' });
      expect(result.err?.code).toBe('403.4');
      expect(result.err?.message).toMatch(/cannot be cancelled/);
    });

    it('reattempt is only allowed from Completed and asks for a new invitation', () => {
      const allowed = invitationStatuses.filter((state) => moveInvitation(state, { type: 'reattempt' }).err === undefined);
      expect(allowed).toEqual(['Completed']);
      expect(moveInvitation('Completed', { type: 'reattempt' }).val).toEqual({ next: 'Completed', effect: 'createReattempt' });
    });

    it('only reattempt creates a reattempt', () => {
      for (const state of invitationStatuses) {
        for (const type of invitationEventTypes) {
          const effect = moveInvitation(state, { type }).val?.effect;
          if (effect === 'createReattempt') expect([state, type]).toEqual(['Completed', 'reattempt']);
        }
      }
    });
  });

  it('InvitationStatus accepts the five states and nothing else', () => {
    expect(invitationStatuses).toEqual(['Pending', 'In progress', 'Completed', 'Reset', 'Cancelled']);
    expect(InvitationStatus.safeParse('In progress').success).toBe(true);
    expect(InvitationStatus.safeParse('cancelled').success).toBe(false);
    expect(InvitationStatus.safeParse('InProgress').success).toBe(false);
  });
});
