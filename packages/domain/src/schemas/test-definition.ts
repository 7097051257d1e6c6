import { z } from 'zod';
import { TestStatus } from './test.js';
import { multiLineText, singleLineText } from './text-fields.js';
import { QuestionBase, QUESTION_TEXT_FORMAT } from './question-base.js';
import { FreeTextQuestion, ShortAnswerQuestion } from './written-questions.js';
import { CodingQuestion } from './coding-question.js';
import { AiPolicy, DefinitionAiSettings } from '../ai/ai-settings.js';

export { caseExpectedOf, caseInputsOf, CodingTestCase, SqlSettings, SqlTestCase, StdioTestCase } from './coding-cases.js';
export {
  CodingQuestion,
  codingFormOf,
  FunctionCodingQuestion,
  SqlCodingQuestion,
  starterCodeOf,
  StdioCodingQuestion,
} from './coding-question.js';

/** A test lasts at most a day. */
export const MAX_TEST_MINUTES = 1440;

const Option = z.object({
  text: multiLineText('text', 2000, { description: `The option's text. ${QUESTION_TEXT_FORMAT}` }),
  correct: z.boolean().default(false),
});

export const SingleChoiceQuestion = z
  .object({ type: z.literal('single_choice'), ...QuestionBase, options: z.array(Option).min(2).max(20) })
  .refine((q) => q.options.filter((o) => o.correct).length === 1, {
    error: 'a single_choice question needs exactly one correct option',
  });

export const MultipleChoiceQuestion = z
  .object({ type: z.literal('multiple_choice'), ...QuestionBase, options: z.array(Option).min(2).max(20) })
  .refine((q) => q.options.some((o) => o.correct), {
    error: 'a multiple_choice question needs at least one correct option',
  });

export const QuestionDefinition = z.discriminatedUnion('type', [
  SingleChoiceQuestion,
  MultipleChoiceQuestion,
  CodingQuestion,
  ShortAnswerQuestion,
  FreeTextQuestion,
]);
export type QuestionDefinition = z.infer<typeof QuestionDefinition>;

export const SectionDefinition = z
  .object({
    sectionName: singleLineText('sectionName', 200),
    sectionType: z.enum(['general', 'coding']),
    duration: z.int().min(1).max(600),
    questions: z.array(QuestionDefinition).min(1).max(500),
    // Optional without defaults: a definition without them parses (and is stored) exactly as before (decision 571).
    draw: z.int({ error: 'draw must be a whole number of questions' }).min(1, { error: 'draw must be at least 1' }).max(500).optional().meta({
      description:
        "A question pool: each candidate gets this many of the section's questions, drawn at random when the attempt starts (the section's question count is then this number). Between 1 and the number of questions; without it every question is asked.",
    }),
    exposureCap: z
      .int({ error: 'exposureCap must be a whole number of attempts' })
      .min(1, { error: 'exposureCap must be at least 1' })
      .max(100_000_000)
      .optional()
      .meta({
        description:
          "A pool's exposure cap: each of its questions is shown to at most this many started attempts, then retired (later attempts no longer draw it; running ones keep it). A question is kept while retiring it would leave the pool fewer questions than its draw. Needs draw.",
      }),
    shuffleQuestions: z
      .boolean()
      .optional()
      .meta({ description: "Each candidate sees the section's questions in an order of their own, fixed at the start. Default false." }),
    shuffleOptions: z
      .boolean()
      .optional()
      .meta({ description: "Each candidate sees every choice question's options of the section in an order of their own, fixed at the start. Default false." }),
    aiPolicy: AiPolicy.optional().meta({ description: "The section's own AI policy (docs/ai.md); without it the test's (ai.aiPolicy) holds." }),
  })
  .refine((s) => s.sectionType === 'coding' || s.questions.every((q) => q.type !== 'coding'), {
    error: 'coding questions belong in a coding section',
  })
  .refine((s) => s.sectionType === 'general' || s.questions.every((q) => q.type === 'coding'), {
    error: 'a coding section holds only coding questions',
  })
  .refine((s) => s.draw === undefined || s.draw <= s.questions.length, {
    error: (issue) => {
      const section = issue.input as { draw: number; questions: unknown[] };
      return `draw (${section.draw}) must be at most the section's number of questions (${section.questions.length})`;
    },
    path: ['draw'],
  })
  .refine((s) => s.exposureCap === undefined || s.draw !== undefined, {
    error: "exposureCap caps the questions of a pool: it needs draw (how many of the section's questions each candidate gets)",
    path: ['exposureCap'],
  });
export type SectionDefinition = z.infer<typeof SectionDefinition>;

/** A band of the score a hiring manager reads as a verdict: "Strong" from 80 % up. */
export const VerdictBand = z.object({
  label: singleLineText('label', 60),
  minPercent: z.number().min(0).max(100),
});
export type VerdictBand = z.infer<typeof VerdictBand>;

/** How the report presents the test: its verdict bands, and whether hidden tests' inputs may be shown. */
export const ReportSettings = z.object({
  verdictBands: z
    .array(VerdictBand)
    .max(10)
    .default([])
    .refine((bands) => new Set(bands.map((band) => band.minPercent)).size === bands.length, { error: 'verdict bands need different minPercent values' }),
  /** Hidden tests are secret from candidates; the report shows their inputs to the org only when this is true. */
  showHiddenTestInputs: z.boolean().default(false),
});
export type ReportSettings = z.infer<typeof ReportSettings>;

/** What `POST /v2/org/tests` imports. Its JSON Schema is published at docs/test-definition.schema.json. */
export const TestDefinition = z
  .object({
    testName: singleLineText('testName', 200),
    description: multiLineText('description', 20_000, { blank: true }).default(''),
    report: ReportSettings.prefault({}),
    /** Minutes; defaults to the sum of the section durations, and can never be shorter than it. */
    duration: z.int().min(1).max(MAX_TEST_MINUTES).optional(),
    testStatus: TestStatus.default('Active'),
    sections: z.array(SectionDefinition).min(1).max(50),
    ai: DefinitionAiSettings.optional(),
  })
  .refine((t) => t.duration === undefined || t.duration >= sumSectionDurations(t.sections), {
    error: 'duration must be at least the sum of the section durations',
    path: ['duration'],
  })
  .refine((t) => repeatedKeyOf(t.sections) === undefined, {
    error: (issue) =>
      `question key ${repeatedKeyOf((issue.input as { sections: readonly SectionDefinition[] }).sections)} names two questions: a key names one`,
    path: ['sections'],
  })
  .refine((t) => sumSectionDurations(t.sections) <= MAX_TEST_MINUTES, {
    error: `the section durations add up to more than ${MAX_TEST_MINUTES} minutes`,
    path: ['sections'],
  })
  .meta({ id: 'TestDefinition', description: 'A test to import: sections, questions, marks, durations and status.' });
export type TestDefinition = z.infer<typeof TestDefinition>;

/** The first question key two questions share, if any (keys name one question across versions, decision 1486). */
function repeatedKeyOf(sections: readonly Pick<SectionDefinition, 'questions'>[]): string | undefined {
  const seen = new Set<string>();
  for (const key of sections.flatMap((section) => section.questions.flatMap((question) => (question.key === undefined ? [] : [question.key])))) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

function sumSectionDurations(sections: readonly { duration: number }[]): number {
  return sections.reduce((total, section) => total + section.duration, 0);
}

export const testDurationOf = (definition: TestDefinition): number => definition.duration ?? sumSectionDurations(definition.sections);

/** How many of a section's questions each candidate is asked: its draw, or all of them. */
export const questionsAskedOf = (section: Pick<SectionDefinition, 'draw' | 'questions'>): number => section.draw ?? section.questions.length;

/**
 * The most a section can be worth to a candidate: every question's marks, or for a pool the N highest (what the
 * luckiest draw is worth). Per candidate the report uses the marks of their own draw; this is the test's figure before
 * any draw exists (decision 576).
 */
export const sectionMaxScoreOf = (section: Pick<SectionDefinition, 'draw' | 'questions'>): number =>
  section.draw === undefined
    ? maxScoreOf(section.questions)
    : [...section.questions]
        .map((question) => question.marks)
        .sort((a, b) => b - a)
        .slice(0, section.draw)
        .reduce((total, marks) => total + marks, 0);

/** The test's total marks: every question's, or with pools the most a draw can be worth (sectionMaxScoreOf). */
export const testMaxScoreOf = (definition: Pick<TestDefinition, 'sections'>): number =>
  definition.sections.some((section) => section.draw !== undefined)
    ? definition.sections.reduce((total, section) => total + sectionMaxScoreOf(section), 0)
    : maxScoreOf(definition.sections.flatMap((section) => section.questions));

export const maxScoreOf = (questions: readonly QuestionDefinition[]): number => questions.reduce((total, question) => total + question.marks, 0);
