import type { CodingLanguage, CodingQuestion, CustomRunInput } from '@assay/domain';
import type { LanguageId, Signature } from '@assay/domain/languages';
import type { CodeRunner, RunOptions, RunOutcome, RunRequest } from '@assay/sandbox';

/**
 * The sandbox's run request in its three forms (packages/sandbox/src/run-request.ts): mirrored here until the sandbox
 * exports the union from its entry point (issue 49's seam work), then replaced by an import of those names.
 */
export type FormRunRequest =
  | { form: 'function'; language: LanguageId; code: string; functionName: string; signature?: Signature; cases: { args: unknown[]; expected: unknown }[] }
  | { form: 'stdio'; language: LanguageId; code: string; cases: { input: string; expectedOutput: string }[] }
  | {
      form: 'sql';
      language: Extract<LanguageId, 'sqlite' | 'postgresql'>;
      code: string;
      schema: string;
      ordered: boolean;
      checkColumnNames: boolean;
      cases: { seed: string; expected: { columns: string[]; rows: unknown[][] } }[];
    };

/** Which of a question's tests a run takes: the samples the candidate sees, or the hidden ones scoring uses. */
export type TestSet = 'sampleTests' | 'hiddenTests';

/** A custom-input run's one case (the domain checks it against the form): arguments, or stdin text. */
export type CustomInput = CustomRunInput;

/**
 * What the sandbox runs for `code` in `language`: the question's form decides the request's shape, every form
 * judged by the sandbox's rules for it. A custom input replaces the tests with one case whose expectation nobody reads.
 */
export const codingRunRequest = (question: CodingQuestion, code: string, language: CodingLanguage, tests: TestSet | CustomInput): FormRunRequest => {
  switch (question.form) {
    case undefined:
    case 'function': {
      const cases = typeof tests === 'string' ? question[tests] : [{ args: 'args' in tests ? [...tests.args] : [], expected: null as unknown }];
      return {
        form: 'function',
        language,
        code,
        functionName: question.functionName,
        ...(question.signature === undefined ? {} : { signature: question.signature }),
        cases: cases.map(({ args, expected }) => ({ args, expected })),
      };
    }
    case 'stdio': {
      const cases = typeof tests === 'string' ? question[tests] : [{ input: 'input' in tests ? tests.input : '', output: '' }];
      return { form: 'stdio', language, code, cases: cases.map(({ input, output }) => ({ input, expectedOutput: output })) };
    }
    case 'sql': {
      const cases = typeof tests === 'string' ? question[tests] : [];
      return {
        form: 'sql',
        // The schema accepts only languages whose profile answers the sql form: the two SQL dialects.
        language: language as Extract<LanguageId, 'sqlite' | 'postgresql'>,
        code,
        schema: question.sql.schema,
        ordered: question.sql.ordered,
        checkColumnNames: question.sql.checkColumnNames,
        cases: cases.map(({ seed, columns, rows }) => ({ seed, expected: { columns, rows } })),
      };
    }
  }
};

/** Runs a request of any form on a runner typed for the function form until the sandbox's union lands (see above). */
export const runCoding = (runner: CodeRunner, request: FormRunRequest, options?: RunOptions): Promise<RunOutcome> =>
  runner.run(request as unknown as RunRequest, options);
