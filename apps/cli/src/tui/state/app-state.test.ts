import { describe, expect, it } from 'vitest';
import { appPhaseOf, appReducer, initialAppState, type AppEvent, type AppPhase, type AppState } from './app-state.js';

const tests = { screen: 'tests' } as const;
const test = { screen: 'test', testId: 7 } as const;
const report = { screen: 'report', testInvitationId: 9 } as const;

const states: Record<AppPhase, AppState> = {
  root: initialAppState(),
  nested: { stack: [tests, test], help: false, quitting: false },
  help: { stack: [tests, test], help: true, quitting: false },
  quitting: { stack: [tests], help: false, quitting: true },
};
const events: Record<AppEvent['type'], AppEvent> = {
  open: { type: 'open', route: report },
  back: { type: 'back' },
  toggleHelp: { type: 'toggleHelp' },
};

/** Every (state, event) pair and what it must give. */
const expected: Record<AppPhase, Record<AppEvent['type'], (before: AppState) => AppState>> = {
  root: {
    open: (before) => ({ ...before, stack: [tests, report] }),
    back: (before) => ({ ...before, quitting: true }),
    toggleHelp: (before) => ({ ...before, help: true }),
  },
  nested: {
    open: (before) => ({ ...before, stack: [tests, test, report] }),
    back: (before) => ({ ...before, stack: [tests] }),
    toggleHelp: (before) => ({ ...before, help: true }),
  },
  help: {
    open: (before) => before,
    back: (before) => ({ ...before, help: false }),
    toggleHelp: (before) => ({ ...before, help: false }),
  },
  quitting: {
    open: (before) => before,
    back: (before) => before,
    toggleHelp: (before) => before,
  },
};

describe('appReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [AppPhase, AppEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expect(appPhaseOf(before)).toBe(phase);
    expect(appReducer(before, events[type])).toEqual(expected[phase][type](before));
  });

  it('has the table cover 4 phases × 3 events', () => expect(pairs).toHaveLength(12));

  it('goes back step by step to the first screen, then quits', () => {
    let state = initialAppState();
    state = appReducer(state, { type: 'open', route: test });
    state = appReducer(state, { type: 'open', route: report });
    state = appReducer(state, { type: 'back' });
    state = appReducer(state, { type: 'back' });
    expect(state).toEqual(initialAppState());
    expect(appReducer(state, { type: 'back' }).quitting).toBe(true);
  });
});
