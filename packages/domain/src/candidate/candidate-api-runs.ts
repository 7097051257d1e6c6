import { z } from 'zod';
import { JsonValue } from '../schemas/json-value.js';
import { candidateCode } from '../schemas/text-fields.js';
import { MAX_CODE_ANSWER_LENGTH, answerLanguage } from './candidate-api-answers.js';
import { CompileErrors } from './compile-errors.js';

// A sample run (`POST /candidate/v1/{token}/run/{questionId}`): the code sent, and one result per sample test.

export const RunCodeInput = z.object({ code: candidateCode(MAX_CODE_ANSWER_LENGTH), language: answerLanguage }).meta({ id: 'RunCodeBody' });
export type RunCodeInput = z.infer<typeof RunCodeInput>;

/**
 * A place in the candidate's code, 1-based. `column` only when the compiler or runtime gave one: a Java or Go stack
 * frame, a C backtrace or a Ruby error names a line alone, and a column made up would send the candidate to the
 * wrong place (decision 1103).
 */
export const ErrorLocation = z.object({ line: z.int().positive(), column: z.int().positive().optional() });
export type ErrorLocation = z.infer<typeof ErrorLocation>;

export const TestCaseResult = z.object({
  passed: z.boolean(),
  args: z.array(JsonValue),
  expected: JsonValue,
  actual: JsonValue.optional(),
  error: z.string().optional(),
  /** What the code printed (console.log, print) during the case, cut at the sandbox's log cap. */
  output: z.string().optional(),
  /** How long the case ran, in milliseconds (absent for a case that never started). */
  timeMs: z.number().nonnegative().optional(),
  /** Where a syntax or runtime error happened in the candidate's code, 1-based. */
  errorLocation: ErrorLocation.optional(),
  /** Python: the traceback Python would print, from the candidate's first frame on (every frame of their code, with its line). */
  traceback: z.string().optional(),
  /** Python: the values as Python writes them (`None`, `True`, `'abc'`), for showing; the verdict compares the JSON values. */
  display: z.object({ actual: z.string().optional(), expected: z.string() }).optional(),
});
export type TestCaseResult = z.infer<typeof TestCaseResult>;
/** Where the equality of JSON results is written down once, for every language (in the repository). */
export const EQUALITY_RULES = '"Equality of JSON results" in packages/sandbox/README.md';

export const RunCodeResult = z.object({ results: z.array(TestCaseResult), compileErrors: CompileErrors.optional() }).meta({
  id: 'RunCodeResult',
  description: `One result per sample test. \`actual\` is the return value as JSON, compared with \`expected\` by the rules of ${EQUALITY_RULES} (the same for JavaScript, TypeScript and Python).`,
});
export type RunCodeResult = z.infer<typeof RunCodeResult>;
