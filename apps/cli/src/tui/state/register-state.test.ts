import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { candidateErrors, initialRegister, registerCallKey, registerReducer, type RegisterEvent, type RegisterState } from './register-state.js';

type Phase = RegisterState['phase'];
const failure: Failure = { exitCode: 1, label: '403.7', message: 'The test link accepts invited candidates only.' };
const form = { email: 'ada@example.com', name: 'Ada Lovelace', focus: 'name' as const, attempted: false, failure: null, submits: 1 };
const states: Record<Phase, RegisterState> = {
  editing: { phase: 'editing', ...form },
  submitting: { phase: 'submitting', ...form, attempted: true },
  done: { phase: 'done', ...form, url: 'http://assay.test/t/abc', testInvitationId: 4, copied: false },
};
const events: Record<RegisterEvent['type'], RegisterEvent> = {
  focus: { type: 'focus', delta: 1 },
  input: { type: 'input', value: 'Grace Hopper' },
  submit: { type: 'submit' },
  registered: { type: 'registered', url: 'http://assay.test/t/xyz', testInvitationId: 5 },
  failed: { type: 'failed', failure },
  copied: { type: 'copied' },
  another: { type: 'another' },
};
const expected: Record<Phase, Record<RegisterEvent['type'], (after: RegisterState, before: RegisterState) => void>> = {
  editing: {
    focus: (after) => expect(after).toMatchObject({ phase: 'editing', focus: 'email' }),
    input: (after) => expect(after).toMatchObject({ phase: 'editing', name: 'Grace Hopper', email: 'ada@example.com' }),
    submit: (after) => expect(after).toMatchObject({ phase: 'submitting', submits: 2, failure: null }),
    registered: (after, before) => expect(after).toBe(before),
    failed: (after, before) => expect(after).toBe(before),
    copied: (after, before) => expect(after).toBe(before),
    another: (after, before) => expect(after).toBe(before),
  },
  submitting: {
    focus: (after, before) => expect(after).toBe(before),
    input: (after, before) => expect(after).toBe(before),
    submit: (after, before) => expect(after).toBe(before),
    registered: (after) => expect(after).toMatchObject({ phase: 'done', url: 'http://assay.test/t/xyz', testInvitationId: 5, copied: false }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure, email: 'ada@example.com' }),
    copied: (after, before) => expect(after).toBe(before),
    another: (after, before) => expect(after).toBe(before),
  },
  done: {
    focus: (after, before) => expect(after).toBe(before),
    input: (after, before) => expect(after).toBe(before),
    submit: (after, before) => expect(after).toBe(before),
    registered: (after, before) => expect(after).toBe(before),
    failed: (after, before) => expect(after).toBe(before),
    copied: (after) => expect(after).toMatchObject({ phase: 'done', copied: true }),
    another: (after) => expect(after).toEqual({ ...initialRegister(), submits: 1 }),
  },
};

describe('registerReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, RegisterEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expected[phase][type](registerReducer(before, events[type]), before);
  });
  it('covers 3 × 7 pairs', () => expect(pairs).toHaveLength(21));

  it('does not send an invalid candidate: it focuses the first bad field', () => {
    const bad = registerReducer({ ...states.editing, email: 'not-an-email', focus: 'name' }, { type: 'submit' });
    expect(bad).toMatchObject({ phase: 'editing', attempted: true, focus: 'email' });
    expect(registerCallKey(bad)).toBeNull();
    expect(candidateErrors({ email: 'ada@example.com', name: '  ' })).toEqual({ name: 'fullName must not be empty' });
    expect(registerCallKey(registerReducer(states.editing, { type: 'submit' }))).toBe('register#2');
  });
});
