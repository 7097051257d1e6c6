import type { CodingLanguage } from '../schemas/coding-language.js';
import type { CodingQuestion, TestDefinition } from '../schemas/test-definition.js';
import { caseExpectedOf } from '../schemas/coding-cases.js';
import { codingLanguageName } from '../schemas/coding-language.js';
import type { DefinitionPath, DefinitionProblem, SolutionRunResult } from './definition-check.js';

/** One solution of the definition to run against its question's hidden tests. */
export interface SolutionRun {
  readonly path: DefinitionPath;
  readonly questionPath: DefinitionPath;
  readonly kind: 'reference' | 'wrong';
  /** `referenceSolutions[0]`: how messages name it. */
  readonly name: string;
  readonly question: CodingQuestion;
  readonly language: CodingLanguage;
  readonly code: string;
}

/** What the sandbox said of one case, as far as the verdict needs it (the sandbox's CaseResult). */
export interface SolutionCaseResult {
  readonly passed: boolean;
  readonly actual?: unknown;
  readonly error?: string;
}

/** What a run answered: each hidden test's result, or why the sandbox could not run it at all. */
export type SolutionOutcome = { readonly results: readonly SolutionCaseResult[]; readonly fault?: string | undefined } | { readonly notRun: string };

const KINDS = [
  ['referenceSolutions', 'reference'],
  ['wrongSolutions', 'wrong'],
] as const;

/** Every reference and wrong-on-purpose solution of the definition, in the order of the file. */
export const solutionRunsOf = (definition: TestDefinition): SolutionRun[] =>
  definition.sections.flatMap((section, sectionIndex) =>
    section.questions.flatMap((question, questionIndex) => {
      if (question.type !== 'coding') return [];
      const questionPath = ['sections', sectionIndex, 'questions', questionIndex];
      return KINDS.flatMap(([field, kind]) =>
        (question[field] ?? []).map((solution, index) => ({
          path: [...questionPath, field, index],
          questionPath,
          kind,
          name: `${field}[${index}]`,
          question,
          language: solution.language,
          code: solution.code,
        })),
      );
    }),
  );

const MAX_SHOWN = 80;
const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}…`;
};

/** Why one case failed, in a few words: the error, or what came back instead of what was expected. */
const whyFailed = (result: SolutionCaseResult, expected: unknown): string =>
  result.error !== undefined ? result.error.split('\n')[0]! : `expected ${shown(expected)}, got ${shown(result.actual)}`;

/**
 * What one run says about the definition (decision 1467). A reference solution that fails a hidden test points at that
 * test (the test is as likely wrong as the solution, and it is the line to look at); one that fails every test with
 * one error (it does not compile) points at itself. A wrong solution that passes every hidden test means the tests
 * accept a wrong answer: it points at itself.
 */
export const solutionVerdict = (run: SolutionRun, outcome: SolutionOutcome): { result: SolutionRunResult; problems: DefinitionProblem[] } => {
  const hidden = run.question.hiddenTests;
  const label = `${run.kind === 'reference' ? 'reference solution' : 'wrong solution'} (${run.name}, ${codingLanguageName(run.language)})`;
  const base = { path: run.path, kind: run.kind, language: run.language, total: hidden.length };
  if ('notRun' in outcome || outcome.fault !== undefined) {
    const why = 'notRun' in outcome ? outcome.notRun : outcome.fault;
    return { result: { ...base, passed: null }, problems: [{ path: run.path, message: `${label} could not be run: ${why}` }] };
  }
  const results = hidden.map((_, index) => outcome.results[index] ?? { passed: false, error: 'no result' });
  const passed = results.filter((result) => result.passed).length;
  const result = { ...base, passed };
  if (run.kind === 'wrong') {
    return passed < hidden.length
      ? { result, problems: [] }
      : { result, problems: [{ path: run.path, message: `your hidden tests accept a wrong answer: ${label} passes all ${hidden.length} of them` }] };
  }
  const failed = results.flatMap((caseResult, index) => (caseResult.passed ? [] : [{ index, caseResult }]));
  const errors = new Set(failed.map(({ caseResult }) => caseResult.error));
  if (failed.length > 1 && failed.length === hidden.length && errors.size === 1 && !errors.has(undefined)) {
    return { result, problems: [{ path: run.path, message: `${label} fails every hidden test: ${whyFailed(failed[0]!.caseResult, undefined)}` }] };
  }
  return {
    result,
    problems: failed.map(({ index, caseResult }) => ({
      path: [...run.questionPath, 'hiddenTests', index],
      message: `${label} fails hidden test ${index + 1}: ${whyFailed(caseResult, caseExpectedOf(hidden[index]!))}`,
    })),
  };
};
