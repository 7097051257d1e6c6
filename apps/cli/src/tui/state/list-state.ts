import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { matchesWords } from '../input/search-words.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';
import { type Marks, NO_MARKS } from './invitation-marks.js';
import { initialRemote, remoteReducer, type RemoteEvent, type RemoteState } from './remote-state.js';

/** One order `o` offers: the first of a view's orders is the server's own (no `compare`). */
export interface ListOrder<T> {
  name: string;
  compare?: (a: T, b: T) => number;
}

/** What a screen's rows offer to the search, the status filter and the orders (a constant per screen). */
export interface ListView<T> {
  /** The texts `/` looks in (each word of the query, case-insensitive, anywhere in one of them). */
  searched(row: T): readonly string[];
  /** The row's status, as `f` filters by it. */
  status(row: T): string;
  /** The statuses `f` steps through, after "all". */
  statuses: readonly string[];
  orders: readonly [ListOrder<T>, ...ListOrder<T>[]];
}

/**
 * A fetched list as the recruiter looks through it: what the search, the status filter and the order leave of
 * it (the shown rows) and the highlighted one of those. Everything is fetched at once (the lists are hundreds
 * of rows, not millions), so searching, filtering and sorting never ask the server again.
 */
export interface ListState<T> {
  remote: RemoteState<T[]>;
  /** The highlighted row's place among the shown rows. */
  cursor: number;
  query: string;
  /** Where the search field's caret is, in characters. */
  caret: number;
  /** The search field has the keyboard. */
  editing: boolean;
  /** Only rows of this status are shown; null: all. */
  status: string | null;
  /** Which of the view's orders applies. */
  order: number;
  /** A screen's own filter beyond the status (the invitations' pipeline filter, decision 808); null: none. */
  narrowing: ListNarrowing<T> | null;
  /** The rows marked for a decision together (issue 61 item 2), by id: other screens (compare) open on this set. */
  marked: Marks;
}

/** A filter a screen sets on its rows: what it says (for the filter line) and which rows it keeps. */
export interface ListNarrowing<T> {
  readonly text: string;
  keeps(row: T): boolean;
}

export type ListEvent<T> =
  | RemoteEvent<T[]>
  | { type: 'move'; delta: number }
  | { type: 'jump'; to: 'first' | 'last' }
  | { type: 'searchStart' }
  | { type: 'searchEdit'; edit: TextEdit }
  | { type: 'searchEnd' }
  | { type: 'searchClear' }
  | { type: 'nextStatus' }
  | { type: 'nextOrder' }
  | { type: 'narrow'; narrowing: ListNarrowing<T> | null }
  | { type: 'marks'; marked: Marks };

export const initialList = <T>(): ListState<T> => ({
  remote: initialRemote<T[]>(),
  cursor: 0,
  query: '',
  caret: 0,
  editing: false,
  status: null,
  order: 0,
  narrowing: null,
  marked: NO_MARKS,
});

const matchesQuery = <T>(view: ListView<T>, row: T, query: string): boolean => matchesWords(view.searched(row), query);

/** The rows on screen, in order: searched, filtered by status and the screen's filter, sorted (a stable sort: ties keep the server's order). */
export const shownRows = <T>(state: ListState<T>, view: ListView<T>): T[] => {
  const rows = (state.remote.value ?? []).filter(
    (row) => matchesQuery(view, row, state.query) && (state.status === null || view.status(row) === state.status) && (state.narrowing?.keeps(row) ?? true),
  );
  const compare = view.orders[state.order]?.compare;
  return compare ? rows.sort(compare) : rows;
};

/** The highlighted row, when there is one. */
export const selectedRow = <T>(state: ListState<T>, view: ListView<T>): T | undefined => shownRows(state, view)[state.cursor];

const clamp = (cursor: number, length: number) => Math.max(0, Math.min(cursor, length - 1));

/** After the shown rows change, the highlight stays on the same row while it is still shown, else goes to the first. */
const keepSelection = <T>(before: ListState<T>, after: ListState<T>, view: ListView<T>): ListState<T> => {
  const selected = selectedRow(before, view);
  const index = selected === undefined ? -1 : shownRows(after, view).indexOf(selected);
  return { ...after, cursor: Math.max(0, index) };
};

const nextStatus = <T>(state: ListState<T>, view: ListView<T>): string | null => {
  const index = state.status === null ? -1 : view.statuses.indexOf(state.status);
  return view.statuses[index + 1] ?? null;
};

export const listReducer =
  <T>(view: ListView<T>) =>
  (state: ListState<T>, event: ListEvent<T>): ListState<T> =>
    match<ListEvent<T>, ListState<T>>(event)
      .with({ type: 'loaded' }, { type: 'failed' }, { type: 'reload' }, (remoteEvent) => {
        const next = { ...state, remote: remoteReducer(state.remote, remoteEvent) };
        return { ...next, cursor: clamp(next.cursor, shownRows(next, view).length) };
      })
      .with({ type: 'move' }, ({ delta }) => ({ ...state, cursor: clamp(state.cursor + delta, shownRows(state, view).length) }))
      .with({ type: 'jump' }, ({ to }) => ({ ...state, cursor: to === 'first' ? 0 : clamp(Number.MAX_SAFE_INTEGER, shownRows(state, view).length) }))
      // `/` starts a new query, as in less and vim: the old one is not appended to.
      .with({ type: 'searchStart' }, () => keepSelection(state, { ...state, editing: true, query: '', caret: 0 }, view))
      .with({ type: 'searchEdit' }, ({ edit }) => {
        const { value, caret } = editText({ value: state.query, caret: state.caret }, edit);
        return value === state.query ? { ...state, caret } : keepSelection(state, { ...state, query: value, caret }, view);
      })
      .with({ type: 'searchEnd' }, () => ({ ...state, editing: false }))
      .with({ type: 'searchClear' }, () => keepSelection(state, { ...state, query: '', caret: 0, editing: false }, view))
      .with({ type: 'nextStatus' }, () => keepSelection(state, { ...state, status: nextStatus(state, view) }, view))
      .with({ type: 'nextOrder' }, () => keepSelection(state, { ...state, order: (state.order + 1) % view.orders.length }, view))
      .with({ type: 'narrow' }, ({ narrowing }) => keepSelection(state, { ...state, narrowing }, view))
      .with({ type: 'marks' }, ({ marked }) => ({ ...state, marked }))
      .exhaustive();

/** The rows one screen of `visible` rows shows: pages of `visible` rows, the one that holds the highlight. */
export const windowOf = (cursor: number, length: number, visible: number): { first: number; last: number } => {
  const size = Math.max(1, visible);
  const first = Math.floor(Math.max(0, cursor) / size) * size;
  return { first, last: Math.min(length, first + size) };
};

/** "41–60 of 300", with the filter, order and search in force: what the list's footer line says. */
export const positionText = <T>(state: ListState<T>, view: ListView<T>, visible: number): string => {
  const all = state.remote.value?.length ?? 0;
  const shown = shownRows(state, view).length;
  const { first, last } = windowOf(state.cursor, shown, visible);
  const range = shown === 0 ? `0 of ${shown}` : `${first + 1}–${last} of ${shown}`;
  return [
    shown === all ? range : `${range} (${all} in all)`,
    state.status === null ? 'all statuses' : `status ${state.status}`,
    `by ${view.orders[state.order]?.name ?? view.orders[0].name}`,
    ...(state.query.trim() === '' ? [] : [`matching “${state.query.trim()}”`]),
  ].join(' · ');
};

/**
 * A list's own keys: ↑↓ a row, PgUp/PgDn a page of `pageSize` rows, Home/End the first and the last, `/` the
 * search, anew (while it has the keyboard every key is the field's: Enter keeps it, Esc clears it, Ctrl+U
 * empties it), `f` the next
 * status, `o` the next order, `r` loads again. Every other key is the screen's (passed).
 */
export const listKeys = <T>(state: ListState<T>, pageSize: number, stroke: Keystroke): KeyDecision<ListEvent<T>> =>
  match<[boolean, Keystroke], KeyDecision<ListEvent<T>>>([state.editing, stroke])
    .with([true, pressed('return')], () => taken({ type: 'searchEnd' }))
    .with([true, pressed('escape')], () => taken({ type: 'searchClear' }))
    .with([true, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'searchEdit', edit }) : taken();
    })
    .with([false, pressed('up')], () => taken({ type: 'move', delta: -1 }))
    .with([false, pressed('down')], () => taken({ type: 'move', delta: 1 }))
    .with([false, pressed('pageUp')], () => taken({ type: 'move', delta: -Math.max(1, pageSize) }))
    .with([false, pressed('pageDown')], () => taken({ type: 'move', delta: Math.max(1, pageSize) }))
    .with([false, pressed('home')], () => taken({ type: 'jump', to: 'first' }))
    .with([false, pressed('end')], () => taken({ type: 'jump', to: 'last' }))
    .with([false, typed('/')], () => taken({ type: 'searchStart' }))
    .with([false, typed('f')], () => taken({ type: 'nextStatus' }))
    .with([false, typed('o')], () => taken({ type: 'nextOrder' }))
    .with([false, typed('r')], () => taken({ type: 'reload' }))
    .with([false, P._], () => passed())
    .exhaustive();
