import { describe, expect, it } from 'vitest';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { appKeys, appPhaseOf, appReducer, initialAppState, type AppEvent, type AppPhase, type AppState, type Route } from './app-state.js';

const tests = { screen: 'tests' } as const;
const test = { screen: 'test', testId: 7 } as const;
const report = { screen: 'report', testInvitationId: 9 } as const;

const states: Record<AppPhase, AppState> = {
  root: initialAppState(),
  nested: initialAppState([tests, test]),
  help: { ...initialAppState([tests, test]), help: true },
  quitting: { ...initialAppState(), quitting: true },
};
/** The stack's routes, and each entry's id. */
const entries = (...routes: [Route, ...Route[]]): AppState['stack'] => initialAppState(routes).stack;
const events: Record<AppEvent['type'], AppEvent> = {
  open: { type: 'open', route: report },
  back: { type: 'back' },
  toggleHelp: { type: 'toggleHelp' },
  scrollHelp: { type: 'scrollHelp', delta: 3, overflow: 5 },
};

/** Every (state, event) pair and what it must give. */
const expected: Record<AppPhase, Record<AppEvent['type'], (before: AppState) => AppState>> = {
  root: {
    open: (before) => ({ ...before, stack: entries(tests, report), opened: 2 }),
    back: (before) => ({ ...before, quitting: true }),
    toggleHelp: (before) => ({ ...before, help: true }),
    scrollHelp: (before) => before,
  },
  nested: {
    open: (before) => ({ ...before, stack: entries(tests, test, report), opened: 3 }),
    back: (before) => ({ ...before, stack: entries(tests) }),
    toggleHelp: (before) => ({ ...before, help: true }),
    scrollHelp: (before) => before,
  },
  help: {
    open: (before) => before,
    back: (before) => ({ ...before, help: false }),
    toggleHelp: (before) => ({ ...before, help: false }),
    scrollHelp: (before) => ({ ...before, helpTop: 3 }),
  },
  quitting: {
    open: (before) => before,
    back: (before) => before,
    toggleHelp: (before) => before,
    scrollHelp: (before) => before,
  },
};

describe('appReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [AppPhase, AppEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expect(appPhaseOf(before)).toBe(phase);
    expect(appReducer(before, events[type])).toEqual(expected[phase][type](before));
  });

  it('has the table cover 4 phases × 4 events', () => expect(pairs).toHaveLength(16));

  it('scrolls the help within its overflow, and opens it again at its top (issue 61)', () => {
    let state = appReducer(states.help, { type: 'scrollHelp', delta: 10, overflow: 4 });
    expect(state.helpTop).toBe(4);
    state = appReducer(state, { type: 'scrollHelp', delta: -1, overflow: 4 });
    expect(state.helpTop).toBe(3);
    expect(appReducer(state, { type: 'scrollHelp', delta: -10, overflow: 4 }).helpTop).toBe(0);
    // The terminal grew: the help fits, so nothing is scrolled off.
    expect(appReducer(state, { type: 'scrollHelp', delta: 0, overflow: 0 }).helpTop).toBe(0);
    state = appReducer(appReducer(state, { type: 'toggleHelp' }), { type: 'toggleHelp' });
    expect(state).toMatchObject({ help: true, helpTop: 0 });
  });

  it('goes back step by step to the first screen, then quits', () => {
    let state = initialAppState();
    state = appReducer(state, { type: 'open', route: test });
    state = appReducer(state, { type: 'open', route: report });
    state = appReducer(state, { type: 'back' });
    state = appReducer(state, { type: 'back' });
    expect(state).toEqual({ ...initialAppState(), opened: 3 });
    expect(appReducer(state, { type: 'back' }).quitting).toBe(true);
  });
});

describe('appKeys: the frame’s keys, for what the screen on top passed on', () => {
  it.each<[AppPhase, Keystroke, AppEvent[]]>([
    ['root', char('?'), [{ type: 'toggleHelp' }]],
    ['root', char('q'), [{ type: 'back' }]],
    ['root', named('escape'), [{ type: 'back' }]],
    ['root', char('x'), []],
    ['nested', char('q'), [{ type: 'back' }]],
    ['nested', named('escape'), [{ type: 'back' }]],
    ['nested', named('down'), []],
    ['help', char('?'), [{ type: 'toggleHelp' }]],
    ['help', char('q'), [{ type: 'toggleHelp' }]],
    ['help', named('escape'), [{ type: 'toggleHelp' }]],
    ['help', named('return'), []],
    ['help', named('down'), [{ type: 'scrollHelp', delta: 1, overflow: 0 }]],
    ['help', named('pageUp'), [{ type: 'scrollHelp', delta: -10, overflow: 0 }]],
    ['quitting', char('q'), []],
  ])('%s + %o', (phase, stroke, events) => expect(appKeys(states[phase], stroke)).toEqual(events));

  it('tells a scroll of the help how far it scrolls as drawn', () => {
    expect(appKeys(states.help, named('pageDown'), 7)).toEqual([{ type: 'scrollHelp', delta: 10, overflow: 7 }]);
    expect(appKeys(states.nested, named('pageDown'), 7)).toEqual([]);
  });

  it('gives each opened screen an id of its own, so reopening a route starts it afresh', () => {
    let state = appReducer(initialAppState(), { type: 'open', route: report });
    state = appReducer(state, { type: 'back' });
    state = appReducer(state, { type: 'open', route: report });
    expect(state.stack.map((entry) => entry.id)).toEqual([0, 2]);
  });
});
