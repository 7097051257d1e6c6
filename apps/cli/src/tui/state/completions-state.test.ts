import type { ReconciliationEvent } from '@assay/client';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { effect, passed, taken } from '../input/key-decision.js';
import { char, named } from '../input/keystroke.js';
import type { Route } from './app-state.js';
import { completionsKeys, completionsReducer, initialCompletions, RECENT_LIMIT, type CompletionsEvent, type CompletionsState } from './completions-state.js';

const event = (id: number): ReconciliationEvent => ({
  type: 'completed',
  at: `2026-04-01T10:00:0${id % 10}.000Z`,
  testInvitationId: id,
  testId: 1,
  emailId: `c${id}@example.com`,
});
const failure: Failure = { exitCode: 3, label: 'unreachable', message: 'gone' };
type Phase = CompletionsState['phase'];
const states: Record<Phase, CompletionsState> = {
  following: { phase: 'following', events: [event(2), event(1)], cursor: 1, attempt: 1 },
  failed: { phase: 'failed', events: [event(2), event(1)], cursor: 1, attempt: 1, failure },
};
const events: Record<CompletionsEvent['type'], CompletionsEvent> = {
  received: { type: 'received', event: event(3) },
  failed: { type: 'failed', failure },
  retry: { type: 'retry' },
  move: { type: 'move', delta: -1 },
};
const expected: Record<Phase, Record<CompletionsEvent['type'], CompletionsState>> = {
  following: {
    // Newest first; moved off the top, the highlighted row stays on the event it was on.
    received: { phase: 'following', events: [event(3), event(2), event(1)], cursor: 2, attempt: 1 },
    failed: { ...states.following, phase: 'failed', failure },
    retry: states.following,
    move: { ...states.following, cursor: 0 },
  },
  failed: {
    received: states.failed,
    failed: states.failed,
    retry: { phase: 'following', events: [event(2), event(1)], cursor: 1, attempt: 2 },
    move: { ...states.failed, cursor: 0 },
  },
};

describe('completionsReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, CompletionsEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => expect(completionsReducer(states[phase], events[type])).toEqual(expected[phase][type]));
  it('covers 2 × 4 pairs', () => expect(pairs).toHaveLength(8));

  it('keeps the highlight on the newest row while a backlog longer than the screen arrives oldest first, and as new ones come', () => {
    let state = initialCompletions();
    for (let id = 1; id <= 27; id += 1) state = completionsReducer(state, { type: 'received', event: event(id) });
    expect(state.cursor).toBe(0);
    expect(state.events[state.cursor]!.testInvitationId).toBe(27);
    state = completionsReducer(state, { type: 'received', event: event(28) });
    expect(state.events[state.cursor]!.testInvitationId).toBe(28);
    // Moved down to the third newest: a new arrival does not move it off that event.
    state = completionsReducer(state, { type: 'move', delta: 2 });
    state = completionsReducer(state, { type: 'received', event: event(29) });
    expect(state.events[state.cursor]!.testInvitationId).toBe(26);
    // Back on top, it follows the newest again.
    state = completionsReducer(state, { type: 'move', delta: -10 });
    state = completionsReducer(state, { type: 'received', event: event(30) });
    expect(state.events[state.cursor]!.testInvitationId).toBe(30);
  });

  it(`keeps the newest ${RECENT_LIMIT}`, () => {
    let state = initialCompletions();
    for (let id = 1; id <= RECENT_LIMIT + 5; id += 1) state = completionsReducer(state, { type: 'received', event: event(id) });
    expect(state.events).toHaveLength(RECENT_LIMIT);
    expect(state.events[0]!.testInvitationId).toBe(RECENT_LIMIT + 5);
  });
});

describe('completionsKeys', () => {
  it('moves with ↑↓, follows again with r and opens the highlighted invitation’s report with Enter', () => {
    expect(completionsKeys(states.following, named('down'))).toEqual(taken({ type: 'move', delta: 1 }));
    expect(completionsKeys(states.following, named('up'))).toEqual(taken({ type: 'move', delta: -1 }));
    expect(completionsKeys(states.failed, char('r'))).toEqual(taken({ type: 'retry' }));
    expect(completionsKeys(states.following, named('return'))).toEqual(effect<Route>({ screen: 'report', testInvitationId: 1 }));
    expect(completionsKeys(initialCompletions(), named('return'))).toEqual(taken());
    expect(completionsKeys(states.following, char('q'))).toEqual(passed());
  });
});
