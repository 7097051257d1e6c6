import type { TestSummary } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import type { Route } from './app-state.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { matchesWords } from '../input/search-words.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';

/**
 * The test list. Without a search it shows the server's pages (4.1: page_no, page_size). A search needs
 * every test, so the whole catalogue is fetched once (`tests.all()`) and filtered and paged here.
 */
interface ListFields {
  page: number;
  pageSize: number;
  query: string;
  /** Where the search field's caret is, in characters. */
  caret: number;
  /** The search field has the keyboard. */
  editing: boolean;
  cursor: number;
  attempt: number;
  /** The page the server served, and its count of all tests (null when it does not give one). */
  served: { tests: TestSummary[]; count: number | null } | null;
  catalog: TestSummary[] | null;
}

export type TestListState = ({ phase: 'loading' } & ListFields) | ({ phase: 'ready' } & ListFields) | ({ phase: 'failed'; failure: Failure } & ListFields);

export type TestListEvent =
  | { type: 'pageLoaded'; tests: TestSummary[]; count: number | null }
  | { type: 'catalogLoaded'; tests: TestSummary[] }
  | { type: 'failed'; failure: Failure }
  | { type: 'move'; delta: number }
  | { type: 'turnPage'; delta: number }
  | { type: 'searchStart' }
  | { type: 'searchEdit'; edit: TextEdit }
  | { type: 'searchEnd' }
  | { type: 'searchClear' }
  | { type: 'reload' }
  | { type: 'resize'; pageSize: number };

export const initialTestList = (pageSize: number): TestListState => ({
  phase: 'loading',
  page: 1,
  pageSize: Math.max(1, pageSize),
  query: '',
  caret: 0,
  editing: false,
  cursor: 0,
  attempt: 1,
  served: null,
  catalog: null,
});

const matches = (test: TestSummary, query: string) => String(test.testId) === query.trim() || matchesWords([test.testName], query);

const searching = (state: ListFields) => state.query.trim() !== '';

/** Every test the search matches (all of them pages away), or the served page's count (null: not given). */
export const totalOf = (state: TestListState): number | null =>
  searching(state) ? (state.catalog ?? []).filter((test) => matches(test, state.query)).length : state.served ? state.served.count : 0;

/** Pages there are; without a count, one more than this page while this page is full. */
export const pageCountOf = (state: TestListState): number => {
  const total = totalOf(state);
  if (total === null) return state.page + ((state.served?.tests.length ?? 0) >= state.pageSize ? 1 : 0);
  return Math.max(1, Math.ceil(total / state.pageSize));
};

/** The rows on screen. */
export const shownTests = (state: TestListState): TestSummary[] => {
  if (!searching(state)) return state.served?.tests ?? [];
  const start = (state.page - 1) * state.pageSize;
  return (state.catalog ?? []).filter((test) => matches(test, state.query)).slice(start, start + state.pageSize);
};

export const selectedTest = (state: TestListState): TestSummary | undefined => shownTests(state)[state.cursor];

/** What the shown rows need: the filtered catalogue when it is there, else a new request. */
const settle = (fields: ListFields): TestListState =>
  searching(fields) && fields.catalog ? { ...fields, phase: 'ready', cursor: 0 } : { ...fields, phase: 'loading', cursor: 0, attempt: fields.attempt + 1 };

const fieldsOf = ({ page, pageSize, query, caret, editing, cursor, attempt, served, catalog }: TestListState): ListFields => ({
  page,
  pageSize,
  query,
  caret,
  editing,
  cursor,
  attempt,
  served,
  catalog,
});

const clampCursor = (state: TestListState, cursor: number): number => Math.max(0, Math.min(cursor, shownTests(state).length - 1));

/** A new query asks for its rows; moving the caret only moves the caret. */
const searchEdit = (state: TestListState, edit: TextEdit): TestListState => {
  const { value, caret } = editText({ value: state.query, caret: state.caret }, edit);
  return value === state.query ? { ...state, caret } : settle({ ...fieldsOf(state), query: value, caret, page: 1 });
};
const searchClear = (state: TestListState): TestListState =>
  searching(state) ? settle({ ...fieldsOf(state), query: '', caret: 0, editing: false, page: 1 }) : { ...state, query: '', caret: 0, editing: false };

export const testListReducer = (state: TestListState, event: TestListEvent): TestListState =>
  match<[TestListState, TestListEvent], TestListState>([state, event])
    .with([{ phase: 'loading' }, { type: 'pageLoaded' }], ([current, { tests, count }]) =>
      searching(current)
        ? current
        : { ...fieldsOf(current), phase: 'ready', served: { tests, count }, cursor: Math.max(0, Math.min(current.cursor, tests.length - 1)) },
    )
    .with([{ phase: 'loading' }, { type: 'catalogLoaded' }], ([current, { tests }]) =>
      searching(current) ? { ...fieldsOf(current), phase: 'ready', catalog: tests, cursor: 0 } : current,
    )
    .with([{ phase: 'loading' }, { type: 'failed' }], ([current, { failure }]) => ({ ...fieldsOf(current), phase: 'failed', failure }))
    .with(
      [{ phase: 'ready' }, { type: 'pageLoaded' }],
      [{ phase: 'ready' }, { type: 'catalogLoaded' }],
      [{ phase: 'ready' }, { type: 'failed' }],
      [{ phase: 'failed' }, { type: 'pageLoaded' }],
      [{ phase: 'failed' }, { type: 'catalogLoaded' }],
      [{ phase: 'failed' }, { type: 'failed' }],
      ([current]) => current,
    )
    .with([{ phase: 'ready' }, { type: 'move' }], ([current, { delta }]) => ({ ...current, cursor: clampCursor(current, current.cursor + delta) }))
    .with([{ phase: 'loading' }, { type: 'move' }], [{ phase: 'failed' }, { type: 'move' }], ([current]) => current)
    .with([{ phase: 'ready' }, { type: 'turnPage' }], ([current, { delta }]) => {
      const page = Math.max(1, Math.min(current.page + delta, pageCountOf(current)));
      return page === current.page ? current : settle({ ...fieldsOf(current), page });
    })
    .with([{ phase: 'loading' }, { type: 'turnPage' }], [{ phase: 'failed' }, { type: 'turnPage' }], ([current]) => current)
    .with(
      [{ phase: 'loading' }, { type: 'searchStart' }],
      [{ phase: 'ready' }, { type: 'searchStart' }],
      [{ phase: 'failed' }, { type: 'searchStart' }],
      // `/` starts a new query (as in less and vim), so a second search is not appended to the first.
      ([current]) =>
        searching(current) ? settle({ ...fieldsOf(current), query: '', caret: 0, editing: true, page: 1 }) : { ...current, editing: true, query: '', caret: 0 },
    )
    .with(
      [{ phase: 'loading' }, { type: 'searchEdit' }],
      [{ phase: 'ready' }, { type: 'searchEdit' }],
      [{ phase: 'failed' }, { type: 'searchEdit' }],
      ([current, { edit }]) => searchEdit(current, edit),
    )
    .with(
      [{ phase: 'loading' }, { type: 'searchEnd' }],
      [{ phase: 'ready' }, { type: 'searchEnd' }],
      [{ phase: 'failed' }, { type: 'searchEnd' }],
      ([current]) => ({
        ...current,
        editing: false,
      }),
    )
    .with(
      [{ phase: 'loading' }, { type: 'searchClear' }],
      [{ phase: 'ready' }, { type: 'searchClear' }],
      [{ phase: 'failed' }, { type: 'searchClear' }],
      ([current]) => searchClear(current),
    )
    .with([{ phase: 'loading' }, { type: 'reload' }], ([current]) => current)
    // A refresh forgets the catalogue too: tests may have been imported since.
    .with([{ phase: 'ready' }, { type: 'reload' }], [{ phase: 'failed' }, { type: 'reload' }], ([current]) => settle({ ...fieldsOf(current), catalog: null }))
    .with([{ phase: 'loading' }, { type: 'resize' }], [{ phase: 'ready' }, { type: 'resize' }], ([current, { pageSize }]) => {
      const size = Math.max(1, pageSize);
      if (size === current.pageSize) return current;
      // Keep the first row in view: the page that holds it at the new size.
      const firstRow = (current.page - 1) * current.pageSize;
      return settle({ ...fieldsOf(current), pageSize: size, page: Math.floor(firstRow / size) + 1 });
    })
    .with([{ phase: 'failed' }, { type: 'resize' }], ([current, { pageSize }]) => ({ ...current, pageSize: Math.max(1, pageSize) }))
    .exhaustive();

/** The request the state waits for, or null. */
export const testListCallKey = (state: TestListState): string | null =>
  state.phase !== 'loading' ? null : searching(state) ? `catalog#${state.attempt}` : `page:${state.page}:${state.pageSize}#${state.attempt}`;

/**
 * The list's keys, against its state as of the key. While the search field has the keyboard every key is the
 * field's (`q` and `?` are typed); else ↑↓ move, ←→ page, Enter opens the highlighted test.
 */
export const testListKeys = (state: TestListState, stroke: Keystroke): KeyDecision<TestListEvent, Route> =>
  match<[boolean, Keystroke], KeyDecision<TestListEvent, Route>>([state.editing, stroke])
    .with([true, pressed('return')], () => taken({ type: 'searchEnd' }))
    .with([true, pressed('escape')], () => taken({ type: 'searchClear' }))
    .with([true, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'searchEdit', edit }) : taken();
    })
    .with([false, pressed('up')], () => taken({ type: 'move', delta: -1 }))
    .with([false, pressed('down')], () => taken({ type: 'move', delta: 1 }))
    .with([false, P.union(pressed('left'), pressed('pageUp'))], () => taken({ type: 'turnPage', delta: -1 }))
    .with([false, P.union(pressed('right'), pressed('pageDown'))], () => taken({ type: 'turnPage', delta: 1 }))
    .with([false, typed('/')], () => taken({ type: 'searchStart' }))
    .with([false, typed('r')], () => taken({ type: 'reload' }))
    .with([false, typed('c')], () => effect<Route>({ screen: 'completions' }))
    .with([false, pressed('return')], () => {
      const test = selectedTest(state);
      return test ? effect<Route>({ screen: 'test', testId: test.testId }) : taken();
    })
    .with([false, P._], () => passed())
    .exhaustive();
