import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { passed, taken } from '../input/key-decision.js';
import { char, named } from '../input/keystroke.js';
import { initialList, listKeys, listReducer, positionText, selectedRow, shownRows, windowOf, type ListState, type ListView } from './list-state.js';

const failure: Failure = { exitCode: 3, label: 'unreachable', message: 'Could not reach the Assay server.' };

interface Person {
  id: number;
  name: string;
  status: 'Open' | 'Closed';
  score: number;
}
const VIEW: ListView<Person> = {
  searched: (row) => [row.name, String(row.id)],
  status: (row) => row.status,
  statuses: ['Open', 'Closed'],
  orders: [{ name: 'id' }, { name: 'score', compare: (a, b) => b.score - a.score }],
};
const reduce = listReducer(VIEW);
const people: Person[] = Array.from({ length: 300 }, (_, index) => ({
  id: index + 1,
  name: index === 41 ? 'Ada Lovelace' : `Candidate ${index + 1}`,
  status: index % 3 === 0 ? 'Closed' : 'Open',
  score: (index * 7) % 100,
}));
const ready = (rows: Person[], changes: Partial<ListState<Person>> = {}): ListState<Person> => ({
  ...initialList<Person>(),
  remote: { phase: 'ready', attempt: 1, value: rows },
  ...changes,
});
const after = (state: ListState<Person>, ...events: Parameters<typeof reduce>[1][]) => events.reduce(reduce, state);

describe('listReducer: fetching', () => {
  it('keeps the cursor inside a reloaded, shorter list, and the rows on screen while loading again', () => {
    const loaded = after(ready(people, { cursor: 250 }), { type: 'reload' }, { type: 'loaded', value: people.slice(0, 10) });
    expect(loaded.cursor).toBe(9);
    expect(after(ready(people), { type: 'reload' }).remote).toEqual({ phase: 'loading', attempt: 2, value: people });
    expect(after(initialList<Person>(), { type: 'failed', failure }).remote.phase).toBe('failed');
  });
});

describe('listReducer: moving through 300 rows', () => {
  it('moves a row, a page, to the first and the last, stopping at both ends', () => {
    const state = ready(people);
    expect(after(state, { type: 'move', delta: 20 }, { type: 'move', delta: 20 }).cursor).toBe(40);
    expect(after(state, { type: 'jump', to: 'last' }).cursor).toBe(299);
    expect(after(state, { type: 'jump', to: 'last' }, { type: 'move', delta: 20 }).cursor).toBe(299);
    expect(after(state, { type: 'move', delta: 5 }, { type: 'jump', to: 'first' }).cursor).toBe(0);
    expect(after(state, { type: 'move', delta: -20 }).cursor).toBe(0);
  });

  it('shows pages of the screen’s height and says where it is', () => {
    expect(windowOf(40, 300, 20)).toEqual({ first: 40, last: 60 });
    expect(windowOf(299, 300, 20)).toEqual({ first: 280, last: 300 });
    expect(positionText(ready(people, { cursor: 45 }), VIEW, 20)).toBe('41–60 of 300 · all statuses · by id');
    expect(positionText(ready([]), VIEW, 20)).toBe('0 of 0 · all statuses · by id');
  });
});

describe('listReducer: search, status filter, order', () => {
  it('searches by any searched text, case-insensitively, and clears with the search', () => {
    const typed = after(
      ready(people),
      { type: 'searchStart' },
      ...[...'lovel'].map((text) => ({ type: 'searchEdit' as const, edit: { type: 'insert' as const, text } })),
    );
    expect(typed.editing).toBe(true);
    expect(shownRows(typed, VIEW).map((row) => row.name)).toEqual(['Ada Lovelace']);
    expect(positionText(typed, VIEW, 20)).toBe('1–1 of 1 (300 in all) · all statuses · by id · matching “lovel”');
    const kept = after(typed, { type: 'searchEnd' });
    expect(kept).toMatchObject({ editing: false, query: 'lovel' });
    const cleared = after(kept, { type: 'searchClear' });
    expect(shownRows(cleared, VIEW)).toHaveLength(300);
    // The highlight stays on the row found.
    expect(selectedRow(cleared, VIEW)?.name).toBe('Ada Lovelace');
  });

  it('finds rows by words in any order, starts anew on `/` and empties on Ctrl+U', () => {
    const typeText = (text: string) => [...text].map((char) => ({ type: 'searchEdit' as const, edit: { type: 'insert' as const, text: char } }));
    const words = after(ready(people), { type: 'searchStart' }, ...typeText('lovelace ada'), { type: 'searchEnd' });
    expect(shownRows(words, VIEW).map((row) => row.name)).toEqual(['Ada Lovelace']);
    const again = after(words, { type: 'searchStart' }, ...typeText('299 candidate'));
    expect(again.query).toBe('299 candidate');
    expect(shownRows(again, VIEW).map((row) => row.name)).toEqual(['Candidate 299']);
    const cleared = after(again, { type: 'searchEdit', edit: { type: 'clear' } });
    expect(cleared).toMatchObject({ query: '', caret: 0, editing: true });
    expect(listKeys(again, 20, { type: 'ctrl', letter: 'u' })).toEqual(taken({ type: 'searchEdit', edit: { type: 'clear' } }));
  });

  it('steps through the statuses and back to all', () => {
    const open = after(ready(people), { type: 'nextStatus' });
    expect(open.status).toBe('Open');
    expect(shownRows(open, VIEW).every((row) => row.status === 'Open')).toBe(true);
    expect(positionText(open, VIEW, 20)).toBe('1–20 of 200 (300 in all) · status Open · by id');
    expect(after(open, { type: 'nextStatus' }).status).toBe('Closed');
    expect(after(open, { type: 'nextStatus' }, { type: 'nextStatus' }).status).toBeNull();
  });

  it('sorts by the next order (stable for ties) and back, keeping the highlighted row', () => {
    const state = ready(people, { cursor: 41 });
    const byScore = after(state, { type: 'nextOrder' });
    const scores = shownRows(byScore, VIEW).map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(selectedRow(byScore, VIEW)?.name).toBe('Ada Lovelace');
    expect(positionText(byScore, VIEW, 20)).toMatch(/ · by score$/);
    expect(after(byScore, { type: 'nextOrder' }).order).toBe(0);
  });
});

describe('listKeys', () => {
  it('moves a row, a page, to the ends; searches, filters, sorts and reloads; leaves other keys to the screen', () => {
    const state = ready(people);
    expect(listKeys(state, 20, named('up'))).toEqual(taken({ type: 'move', delta: -1 }));
    expect(listKeys(state, 20, named('down'))).toEqual(taken({ type: 'move', delta: 1 }));
    expect(listKeys(state, 20, named('pageDown'))).toEqual(taken({ type: 'move', delta: 20 }));
    expect(listKeys(state, 20, named('pageUp'))).toEqual(taken({ type: 'move', delta: -20 }));
    expect(listKeys(state, 20, named('home'))).toEqual(taken({ type: 'jump', to: 'first' }));
    expect(listKeys(state, 20, named('end'))).toEqual(taken({ type: 'jump', to: 'last' }));
    expect(listKeys(state, 20, char('/'))).toEqual(taken({ type: 'searchStart' }));
    expect(listKeys(state, 20, char('f'))).toEqual(taken({ type: 'nextStatus' }));
    expect(listKeys(state, 20, char('o'))).toEqual(taken({ type: 'nextOrder' }));
    expect(listKeys(state, 20, char('r'))).toEqual(taken({ type: 'reload' }));
    expect(listKeys(state, 20, named('return'))).toEqual(passed());
    expect(listKeys(state, 20, char('q'))).toEqual(passed());
  });

  it('gives every key to the search field while it is open: Enter keeps, Esc clears', () => {
    const searching = ready(people, { editing: true });
    expect(listKeys(searching, 20, char('q'))).toEqual(taken({ type: 'searchEdit', edit: { type: 'insert', text: 'q' } }));
    expect(listKeys(searching, 20, char('f'))).toEqual(taken({ type: 'searchEdit', edit: { type: 'insert', text: 'f' } }));
    expect(listKeys(searching, 20, named('return'))).toEqual(taken({ type: 'searchEnd' }));
    expect(listKeys(searching, 20, named('escape'))).toEqual(taken({ type: 'searchClear' }));
  });
});

describe('listReducer: a screen’s own filter (narrow)', () => {
  it('keeps only the rows it keeps, with the search and the status, the highlight on the same row while shown', () => {
    const narrowing = { text: 'score>=90', keeps: (row: Person) => row.score >= 90 };
    const highlighted = people.findIndex((row) => row.score >= 90);
    const narrowed = after(ready(people, { cursor: highlighted }), { type: 'narrow', narrowing });
    expect(shownRows(narrowed, VIEW).every((row) => row.score >= 90)).toBe(true);
    expect(selectedRow(narrowed, VIEW)).toBe(people[highlighted]);
    const closed = after(narrowed, { type: 'nextStatus' }, { type: 'nextStatus' });
    expect(shownRows(closed, VIEW).every((row) => row.score >= 90 && row.status === 'Closed')).toBe(true);
    expect(shownRows(after(narrowed, { type: 'narrow', narrowing: null }), VIEW)).toHaveLength(300);
  });
});
