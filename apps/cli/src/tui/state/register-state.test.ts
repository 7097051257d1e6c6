import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import {
  candidateErrors,
  initialRegister,
  registerCallKey,
  registerKeys,
  registerReducer,
  type RegisterEffect,
  type RegisterEvent,
  type RegisterState,
} from './register-state.js';

type Phase = RegisterState['phase'];
const failure: Failure = { exitCode: 1, label: '403.7', message: 'The test link accepts invited candidates only.' };
const form = { email: 'ada@example.com', name: 'Ada Lovelace', focus: 'name' as const, caret: 12, attempted: false, failure: null, submits: 1 };
const states: Record<Phase, RegisterState> = {
  editing: { phase: 'editing', ...form },
  submitting: { phase: 'submitting', ...form, attempted: true },
  done: { phase: 'done', ...form, url: 'http://assay.test/t/abc', testInvitationId: 4, copied: false },
};
const events: Record<RegisterEvent['type'], RegisterEvent> = {
  focus: { type: 'focus', delta: 1 },
  edit: { type: 'edit', edit: { type: 'insert', text: ' Byron' } },
  submit: { type: 'submit' },
  registered: { type: 'registered', url: 'http://assay.test/t/xyz', testInvitationId: 5 },
  failed: { type: 'failed', failure },
  copied: { type: 'copied' },
  another: { type: 'another' },
};
const expected: Record<Phase, Record<RegisterEvent['type'], (after: RegisterState, before: RegisterState) => void>> = {
  editing: {
    // The caret goes to the end of the field that gets the keyboard.
    focus: (after) => expect(after).toMatchObject({ phase: 'editing', focus: 'email', caret: 15 }),
    edit: (after) => expect(after).toMatchObject({ phase: 'editing', name: 'Ada Lovelace Byron', caret: 18, email: 'ada@example.com' }),
    submit: (after) => expect(after).toMatchObject({ phase: 'submitting', submits: 2, failure: null }),
    registered: (after, before) => expect(after).toBe(before),
    failed: (after, before) => expect(after).toBe(before),
    copied: (after, before) => expect(after).toBe(before),
    another: (after, before) => expect(after).toBe(before),
  },
  submitting: {
    focus: (after, before) => expect(after).toBe(before),
    edit: (after, before) => expect(after).toBe(before),
    submit: (after, before) => expect(after).toBe(before),
    registered: (after) => expect(after).toMatchObject({ phase: 'done', url: 'http://assay.test/t/xyz', testInvitationId: 5, copied: false }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure, email: 'ada@example.com' }),
    copied: (after, before) => expect(after).toBe(before),
    another: (after, before) => expect(after).toBe(before),
  },
  done: {
    focus: (after, before) => expect(after).toBe(before),
    edit: (after, before) => expect(after).toBe(before),
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
    expect(bad).toMatchObject({ phase: 'editing', attempted: true, focus: 'email', caret: 12 });
    expect(registerCallKey(bad)).toBeNull();
    expect(candidateErrors({ email: 'ada@example.com', name: '  ' })).toEqual({ name: 'fullName must not be empty' });
    expect(registerCallKey(registerReducer(states.editing, { type: 'submit' }))).toBe('register#2');
  });
});

describe('registerKeys: each key against the form as of that key', () => {
  const onEmail: RegisterState = { ...states.editing, focus: 'email', caret: 15 };
  const url = 'http://assay.test/t/abc';
  it.each<[string, RegisterState, Keystroke, KeyDecision<RegisterEvent, RegisterEffect>]>([
    ['Tab goes to the next field', onEmail, named('tab'), taken({ type: 'focus', delta: 1 })],
    ['↓ too', onEmail, named('down'), taken({ type: 'focus', delta: 1 })],
    ['Shift+Tab goes back', states.editing, named('backTab'), taken({ type: 'focus', delta: -1 })],
    ['Enter on the email goes to the name', onEmail, named('return'), taken({ type: 'focus', delta: 1 })],
    ['Enter on the name registers', states.editing, named('return'), taken({ type: 'submit' })],
    ['q is typed', states.editing, char('q'), taken({ type: 'edit', edit: { type: 'insert', text: 'q' } })],
    ['Backspace erases', states.editing, named('backspace'), taken({ type: 'edit', edit: { type: 'deleteBack' } })],
    ['Esc is the frame’s (cancel)', states.editing, named('escape'), passed()],
    ['PgDn does nothing', states.editing, named('pageDown'), taken()],
    ['submitting: keys wait', states.submitting, char('a'), taken()],
    ['submitting: Esc is the frame’s', states.submitting, named('escape'), passed()],
    ['done: c copies the URL', states.done, char('c'), effect<RegisterEffect, RegisterEvent>({ copy: url }, { type: 'copied' })],
    ['done: o opens the report', states.done, char('o'), effect<RegisterEffect>({ open: { screen: 'report', testInvitationId: 4 } })],
    ['done: a registers another', states.done, char('a'), taken({ type: 'another' })],
    ['done: q is the frame’s', states.done, char('q'), passed()],
  ])('%s', (_name, state, stroke, decision) => expect(registerKeys(state, stroke)).toEqual(decision));

  it('composes a burst: email, Tab, name', () => {
    let state = initialRegister();
    for (const stroke of [...[...'q@ex.co'].map(char), named('tab'), ...[...'Quinn'].map(char)]) {
      for (const event of registerKeys(state, stroke).events) state = registerReducer(state, event);
    }
    expect(state).toMatchObject({ email: 'q@ex.co', name: 'Quinn', focus: 'name', caret: 5 });
  });
});
