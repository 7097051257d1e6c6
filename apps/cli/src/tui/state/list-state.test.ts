import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { passed, taken } from '../input/key-decision.js';
import { char, named } from '../input/keystroke.js';
import { listKeys, listReducer, selectedItem, type ListEvent, type ListState } from './list-state.js';

const failure: Failure = { exitCode: 3, label: 'unreachable', message: 'Could not reach the Assay server.' };
type Phase = ListState<string>['remote']['phase'];
const states: Record<Phase, ListState<string>> = {
  loading: { remote: { phase: 'loading', attempt: 1, value: ['a', 'b', 'c'] }, cursor: 2 },
  ready: { remote: { phase: 'ready', attempt: 1, value: ['a', 'b', 'c'] }, cursor: 1 },
  failed: { remote: { phase: 'failed', attempt: 1, value: null, failure }, cursor: 0 },
};
const events: Record<ListEvent<string>['type'], ListEvent<string>> = {
  loaded: { type: 'loaded', value: ['x'] },
  failed: { type: 'failed', failure },
  reload: { type: 'reload' },
  move: { type: 'move', delta: 1 },
};
const expected: Record<Phase, Record<ListEvent<string>['type'], ListState<string>>> = {
  loading: {
    // The cursor is kept inside the new, shorter list.
    loaded: { remote: { phase: 'ready', attempt: 1, value: ['x'] }, cursor: 0 },
    failed: { remote: { phase: 'failed', attempt: 1, value: ['a', 'b', 'c'], failure }, cursor: 2 },
    reload: states.loading,
    move: states.loading,
  },
  ready: {
    loaded: states.ready,
    failed: states.ready,
    reload: { remote: { phase: 'loading', attempt: 2, value: ['a', 'b', 'c'] }, cursor: 1 },
    move: { ...states.ready, cursor: 2 },
  },
  failed: {
    loaded: states.failed,
    failed: states.failed,
    reload: { remote: { phase: 'loading', attempt: 2, value: null }, cursor: 0 },
    move: states.failed,
  },
};

describe('listReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, ListEvent<string>['type']]));
  it.each(pairs)('%s + %s', (phase, type) => expect(listReducer(states[phase], events[type])).toEqual(expected[phase][type]));
  it('covers 3 × 4 pairs', () => expect(pairs).toHaveLength(12));

  it('stops the cursor at both ends', () => {
    expect(listReducer(states.ready, { type: 'move', delta: 10 }).cursor).toBe(2);
    expect(listReducer(states.ready, { type: 'move', delta: -10 }).cursor).toBe(0);
    expect(selectedItem(states.ready)).toBe('b');
    expect(selectedItem(states.failed)).toBeUndefined();
  });
});

describe('listKeys', () => {
  it('moves with ↑↓, reloads with r and leaves every other key to the screen', () => {
    expect(listKeys(named('up'))).toEqual(taken({ type: 'move', delta: -1 }));
    expect(listKeys(named('down'))).toEqual(taken({ type: 'move', delta: 1 }));
    expect(listKeys(char('r'))).toEqual(taken({ type: 'reload' }));
    expect(listKeys(named('return'))).toEqual(passed());
    expect(listKeys(char('q'))).toEqual(passed());
  });
});
