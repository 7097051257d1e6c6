import { ok, refuse, type Result } from '../result.js';
import type { JsonValue } from '../schemas/json-value.js';
import type { CodingQuestion } from '../schemas/coding-question.js';

/** A custom-input run's one case: arguments for a function question, stdin text for a stdio one. */
export type CustomRunInput = { readonly args: readonly JsonValue[] } | { readonly input: string };

/**
 * Which custom input a run body gives, if any, checked against the question's form: `customArgs` call a function,
 * `customInput` feeds a stdio program; an SQL question has no custom input (its database is the question's).
 */
export const customRunInputOf = (
  question: Pick<CodingQuestion, 'form'>,
  body: { readonly customArgs?: readonly JsonValue[] | undefined; readonly customInput?: string | undefined },
): Result<CustomRunInput | undefined> => {
  const { customArgs, customInput } = body;
  if (customArgs === undefined && customInput === undefined) return ok(undefined);
  switch (question.form) {
    case undefined:
    case 'function':
      return customArgs !== undefined && customInput === undefined
        ? ok({ args: customArgs })
        : refuse('invalid-field', 'customInput is for stdin/stdout questions: call this function with customArgs (a list of JSON arguments).');
    case 'stdio':
      return customInput !== undefined && customArgs === undefined
        ? ok({ input: customInput })
        : refuse('invalid-field', 'customArgs is for function questions: give this program its stdin as customInput (text).');
    case 'sql':
      return refuse('invalid-field', 'An SQL question has no custom input: its query runs on the databases of its sample tests.');
  }
};
