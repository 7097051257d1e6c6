import type { TestSummary } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import type { Route } from './app-state.js';
import {
  initialTestList,
  pageCountOf,
  selectedTest,
  shownTests,
  testListCallKey,
  testListKeys,
  testListReducer,
  totalOf,
  type TestListEvent,
  type TestListState,
} from './test-list-state.js';

const summary = (testId: number, testName: string): TestSummary => ({
  testId,
  testName,
  accessKey: `k${testId}`,
  duration: 30,
  questions: 5,
  testStatus: 'Active',
});
const ALL = [
  summary(1, 'JavaScript Fundamentals'),
  summary(2, 'SQL and Data Modelling'),
  summary(3, 'Frontend Accessibility'),
  summary(4, 'Advanced SQL'),
  summary(5, 'Go'),
];
const failure: Failure = { exitCode: 1, label: '401.2', message: 'The API key is not valid.' };

type Phase = TestListState['phase'];
const base = { ...initialTestList(2), served: { tests: ALL.slice(0, 2), count: 5 } };
const states: Record<Phase, TestListState> = {
  loading: { ...base, phase: 'loading' },
  ready: { ...base, phase: 'ready', cursor: 1 },
  failed: { ...base, phase: 'failed', failure },
};
const events: Record<TestListEvent['type'], TestListEvent> = {
  pageLoaded: { type: 'pageLoaded', tests: ALL.slice(2, 4), count: 5 },
  catalogLoaded: { type: 'catalogLoaded', tests: ALL },
  failed: { type: 'failed', failure },
  move: { type: 'move', delta: -1 },
  turnPage: { type: 'turnPage', delta: 1 },
  searchStart: { type: 'searchStart' },
  searchEdit: { type: 'searchEdit', edit: { type: 'insert', text: 'sql' } },
  searchEnd: { type: 'searchEnd' },
  searchClear: { type: 'searchClear' },
  reload: { type: 'reload' },
  resize: { type: 'resize', pageSize: 4 },
};

/** What each pair must do, as checks on the state it gives (before → after). */
const expected: Record<Phase, Record<TestListEvent['type'], (after: TestListState, before: TestListState) => void>> = {
  loading: {
    pageLoaded: (after) => expect(after).toMatchObject({ phase: 'ready', served: { tests: ALL.slice(2, 4), count: 5 } }),
    catalogLoaded: (after, before) => expect(after).toBe(before), // not searching: not what it waits for
    failed: (after) => expect(after).toMatchObject({ phase: 'failed', failure }),
    move: (after, before) => expect(after).toBe(before),
    turnPage: (after, before) => expect(after).toBe(before),
    searchStart: (after) => expect(after).toMatchObject({ phase: 'loading', editing: true }),
    searchEdit: (after, before) => expect(after).toMatchObject({ phase: 'loading', query: 'sql', page: 1, attempt: before.attempt + 1 }),
    searchEnd: (after) => expect(after).toMatchObject({ phase: 'loading', editing: false }),
    searchClear: (after) => expect(after).toMatchObject({ phase: 'loading', query: '', editing: false }),
    reload: (after, before) => expect(after).toBe(before),
    resize: (after, before) => expect(after).toMatchObject({ phase: 'loading', pageSize: 4, page: 1, attempt: before.attempt + 1 }),
  },
  ready: {
    pageLoaded: (after, before) => expect(after).toBe(before),
    catalogLoaded: (after, before) => expect(after).toBe(before),
    failed: (after, before) => expect(after).toBe(before),
    move: (after) => expect(after).toMatchObject({ phase: 'ready', cursor: 0 }),
    turnPage: (after, before) => expect(after).toMatchObject({ phase: 'loading', page: 2, cursor: 0, attempt: before.attempt + 1 }),
    searchStart: (after) => expect(after).toMatchObject({ phase: 'ready', editing: true }),
    searchEdit: (after) => expect(after).toMatchObject({ phase: 'loading', query: 'sql', page: 1, cursor: 0 }),
    searchEnd: (after) => expect(after).toMatchObject({ phase: 'ready', editing: false }),
    searchClear: (after, before) => expect(after).toEqual({ ...before, editing: false }),
    reload: (after, before) => expect(after).toMatchObject({ phase: 'loading', catalog: null, attempt: before.attempt + 1 }),
    resize: (after) => expect(after).toMatchObject({ phase: 'loading', pageSize: 4, page: 1 }),
  },
  failed: {
    pageLoaded: (after, before) => expect(after).toBe(before),
    catalogLoaded: (after, before) => expect(after).toBe(before),
    failed: (after, before) => expect(after).toBe(before),
    move: (after, before) => expect(after).toBe(before),
    turnPage: (after, before) => expect(after).toBe(before),
    searchStart: (after) => expect(after).toMatchObject({ phase: 'failed', editing: true }),
    searchEdit: (after) => expect(after).toMatchObject({ phase: 'loading', query: 'sql' }),
    searchEnd: (after) => expect(after).toMatchObject({ phase: 'failed', editing: false }),
    searchClear: (after) => expect(after).toMatchObject({ phase: 'failed', editing: false, query: '' }),
    reload: (after, before) => expect(after).toMatchObject({ phase: 'loading', attempt: before.attempt + 1 }),
    resize: (after) => expect(after).toMatchObject({ phase: 'failed', pageSize: 4 }),
  },
};

describe('testListReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, TestListEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expected[phase][type](testListReducer(before, events[type]), before);
  });
  it('covers 3 × 11 pairs', () => expect(pairs).toHaveLength(33));
});

describe('paging and searching', () => {
  it('asks the server for a page, and for the whole catalogue only while searching', () => {
    const start = initialTestList(2);
    expect(testListCallKey(start)).toBe('page:1:2#1');
    const searching = testListReducer(start, { type: 'searchEdit', edit: { type: 'insert', text: 'sql' } });
    expect(testListCallKey(searching)).toBe('catalog#2');
    const found = testListReducer(searching, { type: 'catalogLoaded', tests: ALL });
    expect(shownTests(found).map((test) => test.testId)).toEqual([2, 4]);
    expect(totalOf(found)).toBe(2);
    expect(testListCallKey(found)).toBeNull();
    // Narrowing the search again is answered from the catalogue, without a request.
    const atStart = testListReducer(found, { type: 'searchEdit', edit: { type: 'caret', to: 'home' } });
    expect(atStart).toEqual({ ...found, caret: 0 });
    const narrower = testListReducer(atStart, { type: 'searchEdit', edit: { type: 'insert', text: 'advanced ' } });
    expect(narrower).toMatchObject({ query: 'advanced sql', caret: 9 });
    expect(narrower.phase).toBe('ready');
    expect(selectedTest(narrower)?.testName).toBe('Advanced SQL');
  });

  it('finds tests by words in any order, and `/` starts a new query rather than appending to the last', () => {
    const catalog = [...ALL, summary(6, 'Senior Growth - Python Coding Screen')];
    let state = testListReducer(initialTestList(5), { type: 'searchEdit', edit: { type: 'insert', text: 'growth python' } });
    state = testListReducer(state, { type: 'catalogLoaded', tests: catalog });
    expect(shownTests(state).map((test) => test.testName)).toEqual(['Senior Growth - Python Coding Screen']);
    state = testListReducer(testListReducer(state, { type: 'searchEnd' }), { type: 'searchStart' });
    expect(state).toMatchObject({ query: '', caret: 0, editing: true });
    state = testListReducer(state, { type: 'searchEdit', edit: { type: 'insert', text: 'sql' } });
    expect(state.query).toBe('sql');
    expect(testListKeys({ ...state, editing: true }, { type: 'ctrl', letter: 'u' })).toEqual(taken({ type: 'searchEdit', edit: { type: 'clear' } }));
  });

  it('pages through search results locally and never past the last page', () => {
    let state = testListReducer(initialTestList(1), { type: 'searchEdit', edit: { type: 'insert', text: 's' } });
    state = testListReducer(state, { type: 'catalogLoaded', tests: ALL });
    expect(pageCountOf(state)).toBe(4);
    state = testListReducer(state, { type: 'turnPage', delta: 1 });
    expect(state).toMatchObject({ phase: 'ready', page: 2 });
    for (let turn = 0; turn < 10; turn += 1) state = testListReducer(state, { type: 'turnPage', delta: 1 });
    expect(state.page).toBe(4);
    expect(testListReducer(state, { type: 'turnPage', delta: 1 })).toBe(state);
  });

  it('pages on without a count while pages come full (a server that leaves testsCount out)', () => {
    let state = testListReducer(initialTestList(2), { type: 'pageLoaded', tests: ALL.slice(0, 2), count: null });
    expect([totalOf(state), pageCountOf(state)]).toEqual([null, 2]);
    state = testListReducer(state, { type: 'turnPage', delta: 1 });
    state = testListReducer(state, { type: 'pageLoaded', tests: ALL.slice(2, 3), count: null });
    expect(state).toMatchObject({ page: 2, phase: 'ready' });
    expect(pageCountOf(state)).toBe(2);
    expect(testListReducer(state, { type: 'turnPage', delta: 1 })).toBe(state);
  });

  it('keeps the first row in view when the terminal grows', () => {
    const onPage3 = { ...states.ready, page: 3 };
    expect(testListReducer(onPage3, { type: 'resize', pageSize: 4 })).toMatchObject({ page: 2, pageSize: 4 });
    expect(testListReducer(onPage3, { type: 'resize', pageSize: 2 })).toBe(onPage3);
  });
});

describe('testListKeys: each key against the state as of that key', () => {
  const ready = { ...states.ready, cursor: 0 };
  const searching = { ...ready, editing: true, query: 'sq', caret: 2 };
  it.each<[string, TestListState, Keystroke, KeyDecision<TestListEvent, Route>]>([
    ['↑ moves up', ready, named('up'), taken({ type: 'move', delta: -1 })],
    ['↓ moves down', ready, named('down'), taken({ type: 'move', delta: 1 })],
    ['← turns back a page', ready, named('left'), taken({ type: 'turnPage', delta: -1 })],
    ['PgDn turns a page', ready, named('pageDown'), taken({ type: 'turnPage', delta: 1 })],
    ['/ starts a search', ready, char('/'), taken({ type: 'searchStart' })],
    ['r reloads', ready, char('r'), taken({ type: 'reload' })],
    ['c opens the completions', ready, char('c'), effect<Route>({ screen: 'completions' })],
    ['Enter opens the highlighted test', { ...ready, cursor: 1 }, named('return'), effect<Route>({ screen: 'test', testId: 2 })],
    ['Enter on an empty list does nothing', { ...ready, served: { tests: [], count: 0 } }, named('return'), taken()],
    ['q is the frame’s', ready, char('q'), passed()],
    ['Esc is the frame’s', ready, named('escape'), passed()],
    ['searching, q is typed', searching, char('q'), taken({ type: 'searchEdit', edit: { type: 'insert', text: 'q' } })],
    ['searching, ? is typed', searching, char('?'), taken({ type: 'searchEdit', edit: { type: 'insert', text: '?' } })],
    ['searching, Backspace erases', searching, named('backspace'), taken({ type: 'searchEdit', edit: { type: 'deleteBack' } })],
    ['searching, Enter keeps the filter', searching, named('return'), taken({ type: 'searchEnd' })],
    ['searching, Esc clears it', searching, named('escape'), taken({ type: 'searchClear' })],
    ['searching, ↓ does nothing', searching, named('down'), taken()],
  ])('%s', (_name, state, stroke, decision) => expect(testListKeys(state, stroke)).toEqual(decision));

  it('decides Down Down Enter in one burst against the state each key leaves', () => {
    let state: TestListState = { ...ready, served: { tests: ALL.slice(0, 3), count: 3 }, pageSize: 3 };
    const decisions = [named('down'), named('down'), named('return')].map((stroke) => {
      const decision = testListKeys(state, stroke);
      for (const event of decision.events) state = testListReducer(state, event);
      return decision;
    });
    expect(decisions.at(-1)).toEqual(effect<Route>({ screen: 'test', testId: 3 }));
  });
});
