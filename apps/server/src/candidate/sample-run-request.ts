import type { z } from 'zod';
import {
  caseExpectedOf,
  caseInputsOf,
  compileErrorsOf,
  type CodingLanguage,
  type CodingQuestion,
  type CompileErrors,
  type CustomRunResult,
  type TestCaseResult,
} from '@assay/domain';
import { codingRunRequest, type CustomInput } from '@assay/jobs';
import type { RunRequest } from '@assay/sandbox';
import type { CaseResult, RunOutcome } from '@assay/sandbox';

type Json = z.core.util.JSONType;

/**
 * What the sandbox runs for a sample run: the question's sample tests, or one case of the candidate's own input
 * (a custom-input run: arguments, or stdin text; no expected value, so the expectation is a placeholder nobody reads).
 */
export const sampleRunRequest = (question: CodingQuestion, code: string, language: CodingLanguage, custom?: CustomInput): RunRequest =>
  codingRunRequest(question, code, language, custom ?? 'sampleTests');

/** What a case says beyond its verdict, passed through as the sandbox gave it. */
const details = (result: CaseResult) => ({
  ...(result.actual !== undefined ? { actual: result.actual as Json } : {}),
  ...(result.error !== undefined ? { error: result.error } : {}),
  ...(result.output !== undefined ? { output: result.output } : {}),
  ...(result.timeMs !== undefined ? { timeMs: result.timeMs } : {}),
  ...(result.errorLocation !== undefined ? { errorLocation: result.errorLocation } : {}),
  ...(result.traceback !== undefined ? { traceback: result.traceback } : {}),
});

/**
 * One result per sample test, with its input and expected value (a stdio sample's input text and output, an SQL
 * sample's seed and rows); Python runs carry their reprs.
 */
export const sampleResults = (question: CodingQuestion, outcome: RunOutcome): TestCaseResult[] =>
  question.sampleTests.map((sample, index) => {
    const result = outcome.results[index] ?? { passed: false, error: 'Not run' };
    return {
      passed: result.passed,
      args: caseInputsOf(sample),
      expected: caseExpectedOf(sample),
      ...details(result),
      ...(result.display !== undefined ? { display: result.display } : {}),
    };
  });

/** Every error of a program that did not build, for the page to list and mark (decision 1104); nothing otherwise. */
export const compileErrorsOfRun = (outcome: RunOutcome): { compileErrors?: CompileErrors } =>
  outcome.compileErrors !== undefined && outcome.compileErrors.length > 0 ? { compileErrors: compileErrorsOf(outcome.compileErrors) } : {};

/**
 * A custom-input run's one call: what it returned (or its error) and printed, without a verdict. A stdin/stdout
 * program's answers as its samples do (decision 1101): its standard output as `actual`, its standard error as `output`.
 */
export const customResult = (custom: CustomInput, outcome: RunOutcome): CustomRunResult => {
  const result = outcome.results[0] ?? { passed: false, error: 'Not run' };
  if (!('args' in custom)) return { args: [custom.input], ...details(result) };
  return {
    args: [...custom.args] as Json[],
    ...details(result),
    ...(result.display?.actual !== undefined ? { display: { actual: result.display.actual } } : {}),
  };
};
