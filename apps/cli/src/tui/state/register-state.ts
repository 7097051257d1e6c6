import { RegisterCandidateInput } from '@assay/domain';
import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';

export type CandidateField = 'email' | 'name';

interface CandidateForm {
  email: string;
  name: string;
  focus: CandidateField;
  attempted: boolean;
  failure: Failure | null;
  submits: number;
}

/** Registering a candidate: the form, the request, then the take-test URL to hand over. */
export type RegisterState =
  | ({ phase: 'editing' } & CandidateForm)
  | ({ phase: 'submitting' } & CandidateForm)
  | ({ phase: 'done'; url: string; testInvitationId: number; copied: boolean } & CandidateForm);

export type RegisterEvent =
  | { type: 'focus'; delta: number }
  | { type: 'input'; value: string }
  | { type: 'submit' }
  | { type: 'registered'; url: string; testInvitationId: number }
  | { type: 'failed'; failure: Failure }
  | { type: 'copied' }
  | { type: 'another' };

export const initialRegister = (): RegisterState => ({ phase: 'editing', email: '', name: '', focus: 'email', attempted: false, failure: null, submits: 0 });

/** The domain's own rules for emailId and fullName. */
export const candidateErrors = (form: Pick<CandidateForm, 'email' | 'name'>): Partial<Record<CandidateField, string>> => {
  const errors: Partial<Record<CandidateField, string>> = {};
  const email = RegisterCandidateInput.shape.emailId.safeParse(form.email.trim());
  if (!email.success) errors.email = email.error.issues[0]?.message ?? 'invalid email';
  const name = RegisterCandidateInput.shape.fullName.safeParse(form.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'invalid name';
  return errors;
};

const formOf = ({ email, name, focus, attempted, failure, submits }: RegisterState): CandidateForm => ({ email, name, focus, attempted, failure, submits });

const FIELDS: CandidateField[] = ['email', 'name'];

export const registerReducer = (state: RegisterState, event: RegisterEvent): RegisterState =>
  match<[RegisterState, RegisterEvent], RegisterState>([state, event])
    .with([{ phase: 'editing' }, { type: 'focus' }], ([current, { delta }]) => ({
      ...current,
      focus: FIELDS[(FIELDS.indexOf(current.focus) + delta + FIELDS.length) % FIELDS.length]!,
    }))
    .with([{ phase: 'editing' }, { type: 'input' }], ([current, { value }]) => ({ ...current, [current.focus]: value }))
    .with([{ phase: 'editing' }, { type: 'submit' }], ([current]) => {
      const errors = candidateErrors(current);
      const firstBad = FIELDS.find((field) => errors[field] !== undefined);
      return firstBad
        ? { ...current, attempted: true, focus: firstBad }
        : { ...formOf(current), phase: 'submitting', attempted: true, failure: null, submits: current.submits + 1 };
    })
    .with(
      [{ phase: 'editing' }, { type: 'registered' }],
      [{ phase: 'editing' }, { type: 'failed' }],
      [{ phase: 'editing' }, { type: 'copied' }],
      [{ phase: 'editing' }, { type: 'another' }],
      ([current]) => current,
    )
    .with([{ phase: 'submitting' }, { type: 'registered' }], ([current, { url, testInvitationId }]) => ({
      ...formOf(current),
      phase: 'done',
      url,
      testInvitationId,
      copied: false,
    }))
    .with([{ phase: 'submitting' }, { type: 'failed' }], ([current, { failure }]) => ({ ...formOf(current), phase: 'editing', failure }))
    .with(
      [{ phase: 'submitting' }, { type: 'focus' }],
      [{ phase: 'submitting' }, { type: 'input' }],
      [{ phase: 'submitting' }, { type: 'submit' }],
      [{ phase: 'submitting' }, { type: 'copied' }],
      [{ phase: 'submitting' }, { type: 'another' }],
      ([current]) => current,
    )
    .with([{ phase: 'done' }, { type: 'copied' }], ([current]) => ({ ...current, copied: true }))
    .with([{ phase: 'done' }, { type: 'another' }], ([current]) => ({ ...initialRegister(), submits: current.submits }))
    .with(
      [{ phase: 'done' }, { type: 'focus' }],
      [{ phase: 'done' }, { type: 'input' }],
      [{ phase: 'done' }, { type: 'submit' }],
      [{ phase: 'done' }, { type: 'registered' }],
      [{ phase: 'done' }, { type: 'failed' }],
      ([current]) => current,
    )
    .exhaustive();

export const registerCallKey = (state: RegisterState): string | null => (state.phase === 'submitting' ? `register#${state.submits}` : null);
