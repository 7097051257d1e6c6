import type { CodingLanguage, CodingQuestion, CustomRunInput } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import type { RunRequest } from '@assay/sandbox';

/** Which of a question's tests a run takes: the samples the candidate sees, or the hidden ones scoring uses. */
export type TestSet = 'sampleTests' | 'hiddenTests';

/** A custom-input run's one case (the domain checks it against the form): arguments, or stdin text. */
export type CustomInput = CustomRunInput;

/**
 * What the sandbox runs for `code` in `language`: the question's form decides the request's shape, every form
 * judged by the sandbox's rules for it. A custom input replaces the tests with one case whose expectation nobody reads.
 */
export const codingRunRequest = (question: CodingQuestion, code: string, language: CodingLanguage, tests: TestSet | CustomInput): RunRequest => {
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
