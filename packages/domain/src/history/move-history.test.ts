import { describe, expect, it } from 'vitest';
import { HistoryEvent } from './history-events.js';
import { historyOfMove } from './move-history.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

describe('historyOfMove', () => {
  it('names each effect of the invitation machine, and nothing for a move without one', () => {
    expect(historyOfMove({ kind: 'none' }, undefined)).toEqual([]);
    expect(historyOfMove({ kind: 'cancel', cancelledAt: T0 }, undefined)).toEqual([{ kind: 'cancelled', details: {} }]);
    expect(historyOfMove({ kind: 'startAttempt', startedAt: T0, deadline: T0 + 1 }, undefined)).toEqual([{ kind: 'started', details: {} }]);
    expect(historyOfMove({ kind: 'completeAttempt', completedAt: T0, proctoring: { wv: 0, tv: 0, leftAt: null }, reason: 'submitted' }, undefined)).toEqual([
      { kind: 'submitted', details: {} },
    ]);
    expect(historyOfMove({ kind: 'clearAttempt' }, undefined)).toEqual([{ kind: 'reset', details: {} }]);
    expect(historyOfMove({ kind: 'createReattempt' }, 42)).toEqual([{ kind: 'reattempted', details: { newInvitationId: 42 } }]);
  });

  it('says every event in the shape the union accepts', () => {
    for (const event of historyOfMove({ kind: 'createReattempt' }, 7)) expect(HistoryEvent.parse(event)).toEqual(event);
  });
});
