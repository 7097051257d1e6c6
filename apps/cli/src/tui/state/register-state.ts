import type { CandidateInput } from '@assay/client';
import { INVITATION_STATUS, type InvitationStatus } from '@assay/domain/invitations';
import { INVITATION_DAYS_MAX, RegisterCandidateInput } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import type { CheckedUrl } from '../../format/checked-url.js';
import { alreadyRegistered, reattemptInstead } from '../../registration/registration.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';
import type { Route } from './app-state.js';

/**
 * The form's fields: the two the API requires, then the optional extra time, redirect, callback and the opt-in
 * "submitted" event's URL (an Assay extension).
 */
export type CandidateField = 'email' | 'name' | 'extraTime' | 'redirect' | 'callback' | 'submitted' | 'deadline';

/** `deadline` last: the days the new invitation may be started in (issue 61), prefilled from the org's default. */
const FIELDS: readonly CandidateField[] = ['email', 'name', 'extraTime', 'redirect', 'callback', 'submitted', 'deadline'];

/** Each body field's name in the API body (RegisterCandidateInput), whose messages the form shows. */
const BODY_FIELD: Record<Exclude<CandidateField, 'deadline'>, keyof RegisterCandidateInput> = {
  email: 'emailId',
  name: 'fullName',
  extraTime: 'extraTimePercent',
  redirect: 'redirectURL',
  callback: 'callbackURL',
  submitted: 'submittedCallbackURL',
};

type FieldValues = Record<CandidateField, string>;

interface CandidateForm extends FieldValues {
  focus: CandidateField;
  /** The caret in the focused field, in characters. */
  caret: number;
  attempted: boolean;
  failure: Failure | null;
  submits: number;
  /** Ctrl+E: ask the server to email the candidate their invitation (`sendEmail`, decision 780); off by default. */
  sendEmail: boolean;
}

/** What the registration handed out: a new invitation, one the candidate already had, or a new attempt. */
interface Handed {
  url: CheckedUrl;
  testInvitationId: number;
  status: InvitationStatus;
  /** The completed invitation this new attempt replaces (a reattempt after "already registered (Completed)"). */
  replaces: number | null;
  copied: boolean;
  /** The server queued the invitation email (`emailQueued`): the screen says so instead of "Send the candidate this URL". */
  emailed: boolean;
}

/**
 * Registering a candidate: the form, the request, then the take-test URL to hand over. A candidate who has
 * completed the test already gets no URL (theirs no longer starts it): the screen says so and offers a reattempt,
 * which is made only after a y.
 */
export type RegisterState =
  | ({ phase: 'editing' } & CandidateForm)
  | ({ phase: 'submitting' } & CandidateForm)
  | ({ phase: 'completedBefore'; testInvitationId: number; status: InvitationStatus } & CandidateForm)
  | ({ phase: 'reattempting'; testInvitationId: number; status: InvitationStatus } & CandidateForm)
  | ({ phase: 'done' } & Handed & CandidateForm);

export type RegisterEvent =
  | { type: 'focus'; delta: number }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'submit' }
  | { type: 'toggleEmail' }
  /** The org's default deadline, read when the form opens: it fills the field unless something was typed there. */
  | { type: 'defaultDeadline'; days: number | null }
  | { type: 'registered'; url: CheckedUrl; testInvitationId: number; status: InvitationStatus; emailed?: boolean }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  | { type: 'reattempted'; url: CheckedUrl; testInvitationId: number; emailed?: boolean }
  | { type: 'failed'; failure: Failure }
  | { type: 'copied' }
  | { type: 'another' };

export const initialRegister = (): RegisterState => ({
  phase: 'editing',
  email: '',
  name: '',
  extraTime: '',
  redirect: '',
  callback: '',
  submitted: '',
  deadline: '',
  focus: 'email',
  caret: 0,
  attempted: false,
  failure: null,
  submits: 0,
  sendEmail: false,
});

/**
 * The body the form sends. An optional field left empty is left out (re-registering keeps what the candidate
 * has: the form does not show it, so it must not clear it); extra time is a whole number typed in digits.
 */
export const candidateInput = (form: Omit<FieldValues, 'deadline'> & { sendEmail?: boolean }): CandidateInput => {
  const extraTime = form.extraTime.trim();
  return {
    emailId: form.email.trim(),
    fullName: form.name.trim(),
    ...(extraTime === '' ? {} : { extraTimePercent: /^\d+$/.test(extraTime) ? Number(extraTime) : Number.NaN }),
    ...(form.redirect.trim() === '' ? {} : { redirectURL: form.redirect.trim() }),
    ...(form.callback.trim() === '' ? {} : { callbackURL: form.callback.trim() }),
    ...(form.submitted.trim() === '' ? {} : { submittedCallbackURL: form.submitted.trim() }),
    // Left out unless asked: the registration is then exactly what it was before sendEmail existed.
    ...(form.sendEmail ? { sendEmail: true } : {}),
  };
};

const DEADLINE_ERROR = `whole days from 1 to ${INVITATION_DAYS_MAX}, or empty for none`;

/** The deadline field as days: null when empty (no deadline), NaN when it is not whole days 1–365. */
export const deadlineDaysOf = (form: { deadline?: string }): number | null => {
  const text = (form.deadline ?? '').trim();
  if (text === '') return null;
  const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return days >= 1 && days <= INVITATION_DAYS_MAX ? days : Number.NaN;
};

/** The domain's own rules (RegisterCandidateInput) for what the form would send, by field; and the deadline's. */
export const candidateErrors = (form: Omit<FieldValues, 'deadline'> & { deadline?: string }): Partial<Record<CandidateField, string>> => {
  const parsed = RegisterCandidateInput.safeParse(candidateInput(form));
  const errors: Partial<Record<CandidateField, string>> = Number.isNaN(deadlineDaysOf(form)) ? { deadline: DEADLINE_ERROR } : {};
  if (parsed.success) return errors;
  for (const field of Object.keys(BODY_FIELD) as (keyof typeof BODY_FIELD)[]) {
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === BODY_FIELD[field]);
    if (issue) errors[field] = issue.message;
  }
  return errors;
};

const formOf = ({
  email,
  name,
  extraTime,
  redirect,
  callback,
  submitted,
  deadline,
  focus,
  caret,
  attempted,
  failure,
  submits,
  sendEmail,
}: RegisterState): CandidateForm => ({
  deadline,
  email,
  name,
  extraTime,
  redirect,
  callback,
  submitted,
  focus,
  caret,
  attempted,
  failure,
  submits,
  sendEmail,
});

/** Another field has the keyboard, with the caret after its text. */
const focusOn = <F extends CandidateForm>(form: F, focus: CandidateField): F => ({ ...form, focus, caret: textInputOf(form[focus]).caret });

/** The form as the recruiter left it, when they said no to a reattempt: nothing was handed out. */
const declined = (current: RegisterState & { testInvitationId: number; status: InvitationStatus }): RegisterState => ({
  ...formOf(current),
  phase: 'editing',
  failure: {
    exitCode: 1,
    label: alreadyRegistered(current.status),
    message: `invitation ${current.testInvitationId} keeps its result; no new attempt was made.`,
  },
});

export const registerReducer = (state: RegisterState, event: RegisterEvent): RegisterState =>
  match<[RegisterState, RegisterEvent], RegisterState>([state, event])
    .with([{ phase: 'editing' }, { type: 'focus' }], ([current, { delta }]) =>
      focusOn(current, FIELDS[(FIELDS.indexOf(current.focus) + delta + FIELDS.length) % FIELDS.length]!),
    )
    .with([{ phase: 'editing' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current[current.focus], caret: current.caret }, edit);
      return { ...current, [current.focus]: value, caret };
    })
    .with([{ phase: 'editing' }, { type: 'toggleEmail' }], ([current]) => ({ ...current, sendEmail: !current.sendEmail }))
    .with([{ phase: 'editing' }, { type: 'defaultDeadline' }], ([current, { days }]) =>
      current.deadline === '' && days !== null ? { ...current, deadline: String(days) } : current,
    )
    .with([{ phase: 'editing' }, { type: 'submit' }], ([current]) => {
      const errors = candidateErrors(current);
      const firstBad = FIELDS.find((field) => errors[field] !== undefined);
      return firstBad
        ? focusOn({ ...current, attempted: true }, firstBad)
        : { ...formOf(current), phase: 'submitting', attempted: true, failure: null, submits: current.submits + 1 };
    })
    .with([{ phase: 'submitting' }, { type: 'registered' }], ([current, { url, testInvitationId, status, emailed }]) =>
      reattemptInstead(status)
        ? { ...formOf(current), phase: 'completedBefore', testInvitationId, status }
        : { ...formOf(current), phase: 'done', url, testInvitationId, status, replaces: null, copied: false, emailed: emailed === true },
    )
    .with([{ phase: 'completedBefore' }, { type: 'confirm' }], ([current]) => ({
      ...formOf(current),
      phase: 'reattempting',
      testInvitationId: current.testInvitationId,
      status: current.status,
      submits: current.submits + 1,
    }))
    .with([{ phase: 'completedBefore' }, { type: 'dismiss' }], ([current]) => declined(current))
    .with([{ phase: 'reattempting' }, { type: 'reattempted' }], ([current, { url, testInvitationId, emailed }]) => ({
      ...formOf(current),
      phase: 'done',
      url,
      testInvitationId,
      status: INVITATION_STATUS.pending,
      replaces: current.testInvitationId,
      copied: false,
      emailed: emailed === true,
    }))
    .with([{ phase: P.union('submitting', 'reattempting') }, { type: 'failed' }], ([current, { failure }]) => ({
      ...formOf(current),
      phase: 'editing',
      failure,
    }))
    .with([{ phase: 'done' }, { type: 'copied' }], ([current]) => ({ ...current, copied: true }))
    // The deadline stays for the next candidate: it was the org's default, or what the recruiter chose for this round.
    .with([{ phase: 'done' }, { type: 'another' }], ([current]) => ({ ...initialRegister(), submits: current.submits, deadline: current.deadline }))
    // Every other pair leaves the state as it is: a key of another mode, or an answer no request is waiting for.
    .with(
      [{ phase: 'editing' }, P._],
      [{ phase: 'submitting' }, P._],
      [{ phase: 'completedBefore' }, P._],
      [{ phase: 'reattempting' }, P._],
      [{ phase: 'done' }, P._],
      ([current]) => current,
    )
    .exhaustive();

export const registerCallKey = (state: RegisterState): string | null => (state.phase === 'submitting' ? `register#${state.submits}` : null);

/** The reattempt the recruiter said yes to. */
export const reattemptCallKey = (state: RegisterState): string | null => (state.phase === 'reattempting' ? `reattempt#${state.submits}` : null);

export type RegisterEffect = { open: Route } | { copy: CheckedUrl };

/**
 * The form's keys: Tab, Shift+Tab and ↑↓ change field, Enter goes from the email to the name and registers
 * from the name or an optional field after it (they are reached with Tab), Ctrl+S registers from any field, Ctrl+E
 * turns the invitation email on or off,
 * every other key edits the field (so `q` and `?` are typed); Esc is passed (the frame's back
 * cancels). A candidate who has completed the test: `y` makes a new attempt, `n` or Esc goes back to the form.
 * Once registered: `c` copies the URL, `o` opens the report, `a` starts another registration.
 */
export const registerKeys = (state: RegisterState, stroke: Keystroke): KeyDecision<RegisterEvent, RegisterEffect> =>
  match<[RegisterState, Keystroke], KeyDecision<RegisterEvent, RegisterEffect>>([state, stroke])
    .with([{ phase: P.union('editing', 'submitting', 'reattempting') }, pressed('escape')], () => passed())
    .with([{ phase: 'editing' }, P.union(pressed('backTab'), pressed('up'))], () => taken({ type: 'focus', delta: -1 }))
    .with([{ phase: 'editing' }, P.union(pressed('tab'), pressed('down'))], () => taken({ type: 'focus', delta: 1 }))
    .with([{ phase: 'editing' }, { type: 'ctrl', letter: 's' }], () => taken({ type: 'submit' }))
    .with([{ phase: 'editing' }, { type: 'ctrl', letter: 'e' }], () => taken({ type: 'toggleEmail' }))
    .with([{ phase: 'editing', focus: 'email' }, pressed('return')], () => taken({ type: 'focus', delta: 1 }))
    .with([{ phase: 'editing' }, pressed('return')], () => taken({ type: 'submit' }))
    .with([{ phase: 'editing' }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with([{ phase: P.union('submitting', 'reattempting') }, P._], () => taken())
    .with([{ phase: 'completedBefore' }, typed('y')], () => taken({ type: 'confirm' }))
    .with([{ phase: 'completedBefore' }, P.union(typed('n'), pressed('escape'))], () => taken({ type: 'dismiss' }))
    .with([{ phase: 'completedBefore' }, P._], () => taken())
    .with([{ phase: 'done' }, typed('c')], ([done]) => effect<RegisterEffect, RegisterEvent>({ copy: done.url }, { type: 'copied' }))
    .with([{ phase: 'done' }, typed('a')], () => taken({ type: 'another' }))
    .with([{ phase: 'done' }, typed('o')], ([done]) => effect<RegisterEffect>({ open: { screen: 'report', testInvitationId: done.testInvitationId } }))
    .with([{ phase: 'done' }, P._], () => passed())
    .exhaustive();
