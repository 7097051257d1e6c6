import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import type { CheckedUrl } from '../../format/checked-url.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import {
  candidateErrors,
  candidateInput,
  initialRegister,
  reattemptCallKey,
  registerCallKey,
  registerKeys,
  registerReducer,
  type RegisterEffect,
  type RegisterEvent,
  type RegisterState,
} from './register-state.js';

type Phase = RegisterState['phase'];
const failure: Failure = { exitCode: 1, label: '403.7', message: 'The test link accepts invited candidates only.' };
const optional = { extraTime: '', redirect: '', callback: '', submitted: '', deadline: '' };
const form = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  ...optional,
  focus: 'name' as const,
  caret: 12,
  attempted: false,
  failure: null,
  submits: 1,
  sendEmail: false,
};
const url = 'http://assay.test/t/abc' as CheckedUrl;
const newUrl = 'http://assay.test/t/xyz' as CheckedUrl;
const handed = { url, testInvitationId: 4, status: 'Pending' as const, replaces: null, copied: false, emailed: false };
const states: Record<Phase, RegisterState> = {
  editing: { phase: 'editing', ...form },
  submitting: { phase: 'submitting', ...form, attempted: true },
  completedBefore: { phase: 'completedBefore', ...form, attempted: true, testInvitationId: 4, status: 'Completed' },
  reattempting: { phase: 'reattempting', ...form, attempted: true, submits: 2, testInvitationId: 4, status: 'Completed' },
  done: { phase: 'done', ...form, ...handed },
};
const events: Record<RegisterEvent['type'], RegisterEvent> = {
  focus: { type: 'focus', delta: 1 },
  edit: { type: 'edit', edit: { type: 'insert', text: ' Byron' } },
  submit: { type: 'submit' },
  registered: { type: 'registered', url: newUrl, testInvitationId: 5, status: 'Pending' },
  confirm: { type: 'confirm' },
  dismiss: { type: 'dismiss' },
  reattempted: { type: 'reattempted', url: newUrl, testInvitationId: 6 },
  failed: { type: 'failed', failure },
  copied: { type: 'copied' },
  another: { type: 'another' },
  toggleEmail: { type: 'toggleEmail' },
  defaultDeadline: { type: 'defaultDeadline', days: 7 },
};
type Check = (after: RegisterState, before: RegisterState) => void;
const unchanged: Check = (after, before) => expect(after).toBe(before);
/** Events a phase ignores: the state stays the same object. */
const ignoring = <T extends RegisterEvent['type']>(...types: T[]) => Object.fromEntries(types.map((type) => [type, unchanged])) as Record<T, Check>;

const expected: Record<Phase, Record<RegisterEvent['type'], Check>> = {
  editing: {
    // The caret goes to the end of the field that gets the keyboard: after the name, the (empty) extra time.
    focus: (after) => expect(after).toMatchObject({ phase: 'editing', focus: 'extraTime', caret: 0 }),
    edit: (after) => expect(after).toMatchObject({ phase: 'editing', name: 'Ada Lovelace Byron', caret: 18, email: 'ada@example.com' }),
    submit: (after) => expect(after).toMatchObject({ phase: 'submitting', submits: 2, failure: null }),
    // Ctrl+E: the candidate is to be emailed (decision 780), the form otherwise as it was.
    toggleEmail: (after) => expect(after).toMatchObject({ phase: 'editing', sendEmail: true, name: 'Ada Lovelace' }),
    // The org's default fills the empty deadline field (issue 61, decision 1394).
    defaultDeadline: (after) => expect(after).toMatchObject({ phase: 'editing', deadline: '7', name: 'Ada Lovelace' }),
    ...ignoring('registered', 'confirm', 'dismiss', 'reattempted', 'failed', 'copied', 'another'),
  },
  submitting: {
    registered: (after) => expect(after).toMatchObject({ phase: 'done', url: newUrl, testInvitationId: 5, status: 'Pending', replaces: null, copied: false }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure, email: 'ada@example.com' }),
    ...ignoring('focus', 'edit', 'submit', 'confirm', 'dismiss', 'reattempted', 'copied', 'another', 'toggleEmail', 'defaultDeadline'),
  },
  completedBefore: {
    confirm: (after) => expect(after).toMatchObject({ phase: 'reattempting', testInvitationId: 4, status: 'Completed', submits: 2 }),
    // No: back to the form, which says nothing was handed out.
    dismiss: (after) =>
      expect(after).toMatchObject({
        phase: 'editing',
        email: 'ada@example.com',
        failure: { label: 'already registered (Completed)', message: 'invitation 4 keeps its result; no new attempt was made.' },
      }),
    ...ignoring('focus', 'edit', 'submit', 'registered', 'reattempted', 'failed', 'copied', 'another', 'toggleEmail', 'defaultDeadline'),
  },
  reattempting: {
    reattempted: (after) => expect(after).toMatchObject({ phase: 'done', url: newUrl, testInvitationId: 6, replaces: 4, status: 'Pending', copied: false }),
    failed: (after) => expect(after).toMatchObject({ phase: 'editing', failure }),
    ...ignoring('focus', 'edit', 'submit', 'registered', 'confirm', 'dismiss', 'copied', 'another', 'toggleEmail', 'defaultDeadline'),
  },
  done: {
    copied: (after) => expect(after).toMatchObject({ phase: 'done', copied: true }),
    another: (after) => expect(after).toEqual({ ...initialRegister(), submits: 1 }),
    ...ignoring('focus', 'edit', 'submit', 'registered', 'confirm', 'dismiss', 'reattempted', 'failed', 'toggleEmail', 'defaultDeadline'),
  },
};

describe('registerReducer: every (state, event) pair', () => {
  const pairs = Object.entries(expected).flatMap(([phase, byEvent]) => Object.keys(byEvent).map((type) => [phase, type] as [Phase, RegisterEvent['type']]));
  it.each(pairs)('%s + %s', (phase, type) => {
    const before = states[phase];
    expected[phase][type](registerReducer(before, events[type]), before);
  });
  it('covers 5 × 12 pairs', () => expect(pairs).toHaveLength(60));

  it('asks before a reattempt when the registration answered a completed invitation; other states hand out the URL', () => {
    for (const status of ['In progress', 'Reset'] as const) {
      expect(registerReducer(states.submitting, { ...events.registered, status } as RegisterEvent)).toMatchObject({ phase: 'done', status, url: newUrl });
    }
    const completed = registerReducer(states.submitting, { ...events.registered, status: 'Completed' } as RegisterEvent);
    expect(completed).toEqual({ ...states.submitting, phase: 'completedBefore', testInvitationId: 5, status: 'Completed' });
    expect(registerCallKey(completed)).toBeNull();
    expect(reattemptCallKey(registerReducer(completed, events.confirm))).toBe('reattempt#2');
  });

  it('does not send an invalid candidate: it focuses the first bad field', () => {
    const bad = registerReducer({ ...states.editing, email: 'not-an-email', focus: 'name' }, { type: 'submit' });
    expect(bad).toMatchObject({ phase: 'editing', attempted: true, focus: 'email', caret: 12 });
    expect(registerCallKey(bad)).toBeNull();
    expect(candidateErrors({ email: 'ada@example.com', name: '  ', ...optional })).toEqual({ name: 'fullName must not be empty' });
    expect(registerCallKey(registerReducer(states.editing, { type: 'submit' }))).toBe('register#2');
  });
});

describe('the optional fields: extra time, redirect, callback and the submitted event', () => {
  const filled = {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    extraTime: '25',
    redirect: 'https://ats.example/done',
    callback: 'https://ats.example/hook',
    submitted: 'https://ats.example/submitted',
  };

  it('sends what is filled in, by its API name, and leaves out what is empty (a re-registration keeps it)', () => {
    expect(candidateInput(filled)).toEqual({
      emailId: 'ada@example.com',
      fullName: 'Ada Lovelace',
      extraTimePercent: 25,
      redirectURL: 'https://ats.example/done',
      callbackURL: 'https://ats.example/hook',
      submittedCallbackURL: 'https://ats.example/submitted',
    });
    expect(candidateInput({ ...filled, extraTime: ' ', redirect: '', callback: '', submitted: '  ' })).toEqual({
      emailId: 'ada@example.com',
      fullName: 'Ada Lovelace',
    });
    expect(candidateErrors(filled)).toEqual({});
  });

  it('takes the deadline as whole days 1–365 or empty, keeps what was typed over the default, and keeps it for the next candidate', () => {
    expect(candidateErrors({ ...form, deadline: '7' }).deadline).toBeUndefined();
    expect(candidateErrors({ ...form, deadline: '' }).deadline).toBeUndefined();
    for (const bad of ['0', '366', '1.5', 'soon'])
      expect(candidateErrors({ ...form, deadline: bad }).deadline).toBe('whole days from 1 to 365, or empty for none');
    const typed: RegisterState = { phase: 'editing', ...form, deadline: '3' };
    expect(registerReducer(typed, { type: 'defaultDeadline', days: 7 })).toBe(typed);
    expect(registerReducer(states.editing, { type: 'defaultDeadline', days: null })).toBe(states.editing);
    expect(registerReducer({ ...states.done, deadline: '7' } as RegisterState, { type: 'another' })).toMatchObject({
      phase: 'editing',
      deadline: '7',
      email: '',
    });
  });

  it("shows the domain's message for each bad value, and submitting focuses the first", () => {
    const bad = { ...filled, extraTime: '150', redirect: 'ftp://ats.example', callback: 'not a url', submitted: 'mailto:ats@example.com' };
    expect(candidateErrors(bad)).toEqual({
      extraTime: 'extraTimePercent must be a whole number from 0 to 100',
      redirect: 'redirectURL must be an absolute http(s) URL',
      callback: 'callbackURL must be an absolute http(s) URL',
      submitted: 'submittedCallbackURL must be an absolute http(s) URL',
    });
    // The submitted event's URL alone wrong: submitting focuses it, the last field.
    expect(registerReducer({ ...states.editing, ...filled, submitted: 'ats.example/hook' }, { type: 'submit' })).toMatchObject({
      phase: 'editing',
      focus: 'submitted',
    });
    expect(candidateErrors({ ...filled, extraTime: '12.5' }).extraTime).toBe('extraTimePercent must be a whole number from 0 to 100');
    expect(candidateErrors({ ...filled, extraTime: 'ten' }).extraTime).toBe('extraTimePercent must be a whole number from 0 to 100');
    const refused = registerReducer({ ...states.editing, ...bad, focus: 'email' }, { type: 'submit' });
    expect(refused).toMatchObject({ phase: 'editing', attempted: true, focus: 'extraTime' });
    expect(registerCallKey(refused)).toBeNull();
  });
});

describe('registerKeys: each key against the form as of that key', () => {
  const onEmail: RegisterState = { ...states.editing, focus: 'email', caret: 15 };
  it.each<[string, RegisterState, Keystroke, KeyDecision<RegisterEvent, RegisterEffect>]>([
    ['Tab goes to the next field', onEmail, named('tab'), taken({ type: 'focus', delta: 1 })],
    ['↓ too', onEmail, named('down'), taken({ type: 'focus', delta: 1 })],
    ['Shift+Tab goes back', states.editing, named('backTab'), taken({ type: 'focus', delta: -1 })],
    ['Enter on the email goes to the name', onEmail, named('return'), taken({ type: 'focus', delta: 1 })],
    ['Enter on the name registers', states.editing, named('return'), taken({ type: 'submit' })],
    ['Enter on an optional field registers', { ...states.editing, focus: 'callback' }, named('return'), taken({ type: 'submit' })],
    ['Enter on the last field registers', { ...states.editing, focus: 'submitted' }, named('return'), taken({ type: 'submit' })],
    ['Ctrl+S registers from any field', onEmail, { type: 'ctrl', letter: 's' }, taken({ type: 'submit' })],
    ['q is typed', states.editing, char('q'), taken({ type: 'edit', edit: { type: 'insert', text: 'q' } })],
    ['Backspace erases', states.editing, named('backspace'), taken({ type: 'edit', edit: { type: 'deleteBack' } })],
    ['Esc is the frame’s (cancel)', states.editing, named('escape'), passed()],
    ['PgDn does nothing', states.editing, named('pageDown'), taken()],
    ['submitting: keys wait', states.submitting, char('a'), taken()],
    ['submitting: Esc is the frame’s', states.submitting, named('escape'), passed()],
    ['completed before: y makes a new attempt', states.completedBefore, char('y'), taken({ type: 'confirm' })],
    ['completed before: n goes back to the form', states.completedBefore, char('n'), taken({ type: 'dismiss' })],
    ['completed before: Esc too', states.completedBefore, named('escape'), taken({ type: 'dismiss' })],
    ['completed before: other keys wait for y or n', states.completedBefore, char('q'), taken()],
    ['reattempting: keys wait', states.reattempting, char('y'), taken()],
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
