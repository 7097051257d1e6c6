import { SelfRegistrationInput } from '@assay/domain/candidate';

export type RegistrationField = 'fullName' | 'emailId';
export type FieldErrors = Partial<Record<RegistrationField, string>>;

const FIELDS: RegistrationField[] = ['fullName', 'emailId'];

/** What each field's problem is called for a candidate, by whether it was empty, too long, malformed or held invisible characters. */
const WORDS: Record<RegistrationField, { empty: string; long: string; bad: string; invisible: string }> = {
  fullName: {
    empty: 'Enter your full name',
    long: 'Enter a full name of at most 200 characters',
    bad: 'Enter your full name',
    invisible: 'Type your full name again: it holds invisible control characters (a paste can bring them)',
  },
  emailId: {
    empty: 'Enter your email address',
    long: 'Enter an email address of at most 254 characters',
    bad: 'Enter a valid email address',
    invisible: 'Type your email address again: it holds invisible control characters (a paste can bring them)',
  },
};

/** The domain's text rule (`plainText`): "fullName must not contain control characters (U+001B)". */
const INVISIBLE = /must not contain (control characters|line breaks|bidirectional control characters)/;

/**
 * The registration checked by the server's own schema (the domain's `SelfRegistrationInput`), its problems in
 * the candidate's words, by field. Empty when it would pass.
 */
export function checkRegistration(input: { fullName: string; emailId: string }): FieldErrors {
  const result = SelfRegistrationInput.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => issue.path[0] === name);
    if (!field || errors[field]) continue;
    const value = input[field].trim();
    errors[field] =
      value === ''
        ? WORDS[field].empty
        : issue.code === 'too_big'
          ? WORDS[field].long
          : INVISIBLE.test(issue.message)
            ? WORDS[field].invisible
            : WORDS[field].bad;
  }
  return errors;
}

/**
 * A refusal from the server (its message names API fields: "fullName must not be empty; emailId must be a
 * valid email address") in the candidate's words: by field where it names one, else the message as it is.
 */
export function errorsFromServer(message: string, input: { fullName: string; emailId: string }): { fields: FieldErrors; other: string | null } {
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const part of message.split(/;\s*/)) {
    const field = FIELDS.find((name) => part.includes(name));
    if (!field) {
      if (part.trim()) rest.push(part.trim());
      continue;
    }
    const value = input[field].trim();
    fields[field] ??=
      value === ''
        ? WORDS[field].empty
        : INVISIBLE.test(part)
          ? WORDS[field].invisible
          : /at most|too big|too long|characters/i.test(part)
            ? WORDS[field].long
            : WORDS[field].bad;
  }
  return { fields, other: rest.length > 0 ? rest.join('; ') : null };
}
