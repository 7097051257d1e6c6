import type { OrgPerson } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { char, named } from '../input/keystroke.js';
import { initialPeople, peopleKeys, peopleReducer, peopleRows, readNewPerson } from './people-state.js';

const key = { keyId: 7, prefix: 'assay_Ab', role: 'reviewer' as const, label: 'assay_Ab', personId: 2, createdAt: '2026-11-01T00:00:00.000Z', revokedAt: null };
const ada: OrgPerson = { personId: 2, name: 'Ada', email: null, role: 'reviewer', createdAt: key.createdAt, deactivatedAt: null, keyIds: [7], keys: [key] };

describe('the people screen state (decision 838)', () => {
  it('reads a name, then an email and a role in any order; refuses anything else in place', () => {
    expect(readNewPerson('Ada Lovelace, reviewer, ada@example.com')).toEqual({ name: 'Ada Lovelace', role: 'reviewer', email: 'ada@example.com' });
    expect(readNewPerson('  Bob  ')).toEqual({ name: 'Bob' });
    expect(readNewPerson(', bob@example.com')).toHaveProperty('error');
    expect(readNewPerson('Bob, chief')).toEqual({ error: expect.stringContaining('"chief" is neither an email nor a role') });
  });

  it('revokes only a key row and deactivates a person, each after a confirmation; n closes it', () => {
    const rows = peopleRows([ada]);
    const onPerson = initialPeople();
    expect(peopleKeys(onPerson, rows, false, char('x')).events).toEqual([]);
    const onKey = peopleReducer(onPerson, { type: 'move', by: 1, rows: rows.length });
    const ask = peopleKeys(onKey, rows, false, char('x'));
    expect(ask.events).toEqual([{ type: 'ask', request: { type: 'revoke', keyId: 7, label: 'assay_Ab' } }]);
    const confirming = peopleReducer(onKey, ask.events[0]!);
    expect(peopleKeys(confirming, rows, false, char('n')).events).toEqual([{ type: 'close' }]);
    const running = peopleReducer(confirming, peopleKeys(confirming, rows, false, char('y')).events[0]!);
    expect(running.mode).toEqual({ phase: 'working', request: { type: 'revoke', keyId: 7, label: 'assay_Ab' } });
    expect(peopleKeys(onKey, rows, false, char('d')).events).toEqual([{ type: 'ask', request: { type: 'deactivate', personId: 2, name: 'Ada' } }]);
  });

  it('asks before issuing a key, naming whom and which role (issue 61)', () => {
    const rows = peopleRows([ada]);
    const ask = peopleKeys(initialPeople(), rows, false, char('k'));
    expect(ask.events).toEqual([{ type: 'ask', request: { type: 'issue', personId: 2, name: 'Ada', role: 'reviewer' } }]);
    const confirming = peopleReducer(initialPeople(), ask.events[0]!);
    expect(confirming.mode.phase).toBe('confirm');
    expect(peopleKeys(confirming, rows, false, char('n')).events).toEqual([{ type: 'close' }]);
  });

  it('highlights a person just added once the reloaded rows have them, and only then', () => {
    const bob: OrgPerson = { ...ada, personId: 3, name: 'Bob', keyIds: [], keys: [] };
    const working = peopleReducer(initialPeople(), { type: 'run', request: { type: 'add', person: { name: 'Bob' } } });
    const added = peopleReducer(working, { type: 'added', personId: 3 });
    expect(added).toMatchObject({ mode: { phase: 'browse' }, cursor: 0, focus: 3 });
    // The list before the reload does not have him yet: nothing moves, the focus waits.
    expect(peopleReducer(added, { type: 'rows', rows: peopleRows([ada]) })).toBe(added);
    const reloaded = peopleReducer(added, { type: 'rows', rows: peopleRows([ada, bob]) });
    expect(reloaded).toMatchObject({ cursor: 2, focus: null });
    // Later reloads leave the cursor where the recruiter put it.
    const moved = peopleReducer(reloaded, { type: 'move', by: -2, rows: 3 });
    expect(peopleReducer(moved, { type: 'rows', rows: peopleRows([ada, bob]) }).cursor).toBe(0);
  });

  it('Home, End, PgUp and PgDn move within the rows', () => {
    const many = Array.from({ length: 15 }, (_, index) => ({ ...ada, personId: 10 + index, keyIds: [], keys: [] }));
    const rows = peopleRows(many);
    const apply = (state: ReturnType<typeof initialPeople>, stroke: Parameters<typeof peopleKeys>[3]) =>
      peopleKeys(state, rows, false, stroke).events.reduce(peopleReducer, state);
    const end = apply(initialPeople(), named('end'));
    expect(end.cursor).toBe(14);
    expect(apply(end, named('home')).cursor).toBe(0);
    expect(apply(initialPeople(), named('pageDown')).cursor).toBe(10);
    expect(apply(apply(initialPeople(), named('pageDown')), named('pageDown')).cursor).toBe(14);
    expect(apply(end, named('pageUp')).cursor).toBe(4);
  });

  it('copies only while a secret is shown, and passes keys it does not use on to the frame', () => {
    const state = initialPeople();
    expect(peopleKeys(state, [], true, char('c')).effect).toBe('copy');
    expect(peopleKeys(state, [], false, char('c')).passed).toBe(true);
    expect(peopleKeys(state, [], false, named('escape')).passed).toBe(true);
  });
});
