import { match } from 'ts-pattern';
import type { InvitationEffect } from '../invitation-status.js';
import type { RecordedHistoryEvent } from './history-events.js';

/**
 * What the history says of an invitation move, recorded by the store in the transaction that applies it (so a history
 * never claims a move that did not commit). A move without an effect (a repeated cancel, a second submit) says nothing.
 * A reattempt is named on the completed invitation; the new one's `created` entry is the store's (it knows both ids).
 */
export const historyOfMove = (effect: InvitationEffect, reattemptId: number | undefined): RecordedHistoryEvent[] =>
  match<InvitationEffect, RecordedHistoryEvent[]>(effect)
    .with({ kind: 'none' }, () => [])
    .with({ kind: 'cancel' }, () => [{ kind: 'cancelled', details: {} }])
    .with({ kind: 'startAttempt' }, () => [{ kind: 'started', details: {} }])
    .with({ kind: 'completeAttempt' }, ({ termination }) => [
      { kind: 'submitted', details: termination === undefined ? {} : { terminatedAfter: { kind: termination.kind, count: termination.count } } },
    ])
    .with({ kind: 'clearAttempt' }, () => [{ kind: 'reset', details: {} }])
    .with({ kind: 'createReattempt' }, () => (reattemptId === undefined ? [] : [{ kind: 'reattempted', details: { newInvitationId: reattemptId } }]))
    .exhaustive();
