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

  it('copies only while a secret is shown, and passes keys it does not use on to the frame', () => {
    const state = initialPeople();
    expect(peopleKeys(state, [], true, char('c')).effect).toBe('copy');
    expect(peopleKeys(state, [], false, char('c')).passed).toBe(true);
    expect(peopleKeys(state, [], false, named('escape')).passed).toBe(true);
  });
});
