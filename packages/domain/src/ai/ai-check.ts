import { z } from 'zod';
import { CodingLanguage, codingLanguageName } from '../schemas/coding-language.js';
import { ok, refuse, type Result } from '../result.js';
import type { ModelAvailability } from './model-availability.js';

/** How many times the model is asked for each language of a coding question (issue 60 item 7). */
export const AI_CHECK_TRIES = 3;
/** The languages of a coding question a check tries, from the first the author listed (decision 1240). */
export const AI_CHECK_MAX_LANGUAGES = 2;

/** A check's life: running until every question has its result, then done (or failed when it could not go on). */
export const AiCheckState = z.enum(['running', 'done', 'failed']);
export type AiCheckState = z.infer<typeof AiCheckState>;

/** One language's tries at a coding question: how many of them passed every hidden test. */
export const AiCheckLanguageResult = z.object({
  language: CodingLanguage,
  tries: z.int().nonnegative(),
  solved: z.int().nonnegative(),
});
export type AiCheckLanguageResult = z.infer<typeof AiCheckLanguageResult>;

/**
 * How a question's answers were judged: `tests` (coding: the hidden tests in the sandbox), `exact` (choice: the right
 * options), `matcher` (short answers: the accepted answers), `not-scored` (essays: a person would have to read them).
 */
export const AiCheckScoring = z.enum(['tests', 'exact', 'matcher', 'not-scored']);
export type AiCheckScoring = z.infer<typeof AiCheckScoring>;

/** One question's result, for its version (the content hash: the same question changed is another version). */
export const AiCheckQuestionResult = z.object({
  questionId: z.int().positive(),
  version: z.string(),
  type: z.string(),
  /** `checked`, or `not-checked` with `reason` (the model failed; the rest of the check went on). */
  status: z.enum(['checked', 'not-checked']),
  reason: z.string().nullable(),
  scoring: AiCheckScoring,
  /** Coding questions: each language tried; other types: one entry-less list. */
  languages: z.array(AiCheckLanguageResult),
  /** Other types: tries answered and tries right (null when not scored). */
  tries: z.int().nonnegative(),
  solved: z.int().nonnegative().nullable(),
  /** The sentence the screens show: "solved 2 of 3 in Python, 0 of 3 in Java". */
  summary: z.string(),
});
export type AiCheckQuestionResult = z.infer<typeof AiCheckQuestionResult>;

/** A check of a test's questions against the configured model, as the API answers it. */
export const AiCheck = z
  .object({
    checkId: z.int().positive(),
    testId: z.int().positive(),
    state: AiCheckState,
    model: z.string(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    /** Questions checked so far, in the test's order (all of them once done). */
    questionsChecked: z.int().nonnegative(),
    questionsTotal: z.int().nonnegative(),
    /** Why a failed check stopped. */
    problem: z.string().nullable(),
    questions: z.array(AiCheckQuestionResult),
  })
  .meta({ id: 'AiCheck' });
export type AiCheck = z.infer<typeof AiCheck>;

type ResultFacts = Pick<AiCheckQuestionResult, 'status' | 'reason' | 'scoring' | 'languages' | 'tries' | 'solved'>;

/** The one sentence a reviewer reads for a question's result. */
export const aiCheckSummary = (result: ResultFacts): string => {
  if (result.status === 'not-checked') return `not checked: ${result.reason ?? 'the model did not answer'}`;
  if (result.scoring === 'tests') {
    const parts = result.languages.map(({ language, tries, solved }) => `${solved} of ${tries} in ${codingLanguageName(language)}`);
    return `solved ${parts.join(', ')}`;
  }
  if (result.scoring === 'not-scored') return `answered ${result.tries} of ${AI_CHECK_TRIES} times, not scored (a person reads essays)`;
  return `right ${result.solved ?? 0} of ${result.tries}`;
};

/** Whether the model solved the question at least once: what the TUI's marker and the CLI's table flag. */
export const aiCheckSolved = (result: Pick<AiCheckQuestionResult, 'status' | 'solved' | 'languages'>): boolean =>
  result.status === 'checked' && ((result.solved ?? 0) > 0 || result.languages.some(({ solved }) => solved > 0));

/** A result with its sentence: the job writes these, so the sentence and the facts never disagree. */
export const aiCheckResultOf = (facts: Omit<AiCheckQuestionResult, 'summary'>): AiCheckQuestionResult => ({ ...facts, summary: aiCheckSummary(facts) });

/** A check needs the model: without one (or with the org's switch off) it is refused, saying how to get one. */
export const aiCheckModelAvailable = (model: ModelAvailability): Result<string> =>
  model.available
    ? ok(model.model)
    : refuse(
        'model-unavailable',
        `Checking which questions a model solves needs a model, but ${model.reason}. Configure one (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL, docs/ai.md).`,
      );

/** A second check of a test while one runs is refused (one at a time per test: decision 1243). */
export const aiCheckAlreadyRunning = (checkId: number, testId: number): Result<never> =>
  refuse('ai-check-running', `Check ${checkId} of test ${testId} is still running: GET /v2/org/tests/${testId}/ai-check follows it.`);
