import type { z } from 'zod';
import type { CodingLanguage, CodingQuestion, CustomRunResult, TestCaseResult } from '@assay/domain';
import type { CaseResult, RunOutcome, RunRequest } from '@assay/sandbox';

type Json = z.core.util.JSONType;

/**
 * What the sandbox runs for a sample run: the question's sample tests, or one call with the candidate's own
 * arguments (a custom-input run: no expected value, so `expected` is a placeholder nobody reads).
 */
export const sampleRunRequest = (question: CodingQuestion, code: string, language: CodingLanguage, customArgs?: readonly Json[]): RunRequest => ({
  code,
  language,
  functionName: question.functionName,
  cases: customArgs === undefined ? question.sampleTests : [{ args: [...customArgs], expected: null }],
});

/** What a case says beyond its verdict, passed through as the sandbox gave it. */
const details = (result: CaseResult) => ({
  ...(result.actual !== undefined ? { actual: result.actual as Json } : {}),
  ...(result.error !== undefined ? { error: result.error } : {}),
  ...(result.output !== undefined ? { output: result.output } : {}),
  ...(result.timeMs !== undefined ? { timeMs: result.timeMs } : {}),
  ...(result.errorLocation !== undefined ? { errorLocation: result.errorLocation } : {}),
  ...(result.traceback !== undefined ? { traceback: result.traceback } : {}),
});

/** One result per sample test, with its arguments and expected value; Python runs carry their reprs. */
export const sampleResults = (question: CodingQuestion, outcome: RunOutcome): TestCaseResult[] =>
  question.sampleTests.map((sample, index) => {
    const result = outcome.results[index] ?? { passed: false, error: 'Not run' };
    return {
      passed: result.passed,
      args: sample.args,
      expected: sample.expected,
      ...details(result),
      ...(result.display !== undefined ? { display: result.display } : {}),
    };
  });

/** A custom-input run's one call: what it returned (or its error) and printed, without a verdict. */
export const customResult = (args: readonly Json[], outcome: RunOutcome): CustomRunResult => {
  const result = outcome.results[0] ?? { passed: false, error: 'Not run' };
  return {
    args: [...args],
    ...details(result),
    ...(result.display?.actual !== undefined ? { display: { actual: result.display.actual } } : {}),
  };
};
