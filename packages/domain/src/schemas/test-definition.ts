import { z } from 'zod';
import { TestStatus } from './test.js';
import { notBlank } from './documented-formats.js';
import { JsonValue } from './json-value.js';

/** A test lasts at most a day. */
export const MAX_TEST_MINUTES = 1440;

const Marks = z.number().min(0).max(1000);

const Option = z.object({
  text: z.string().trim().min(1).max(2000).meta(notBlank),
  correct: z.boolean().default(false),
});

const QuestionBase = {
  text: z.string().trim().min(1).max(20_000).meta(notBlank),
  marks: Marks.default(1),
  /** Subtracted for a wrong answer; an unanswered question scores 0. */
  negativeMarks: Marks.default(0),
};

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

/** Arguments and expected result are JSON values: the sandbox calls `functionName(...args)`. */
export const CodingTestCase = z.object({
  args: z.array(JsonValue).max(20),
  expected: JsonValue,
});

export const CodingQuestion = z.object({
  type: z.literal('coding'),
  ...QuestionBase,
  language: z.literal('javascript').default('javascript'),
  functionName: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'functionName must be a JavaScript identifier' }),
  starterCode: z.string().max(20_000).default(''),
  sampleTests: z.array(CodingTestCase).max(20).default([]),
  /** Never shown to the candidate. */
  hiddenTests: z.array(CodingTestCase).min(1).max(100),
});

export const QuestionDefinition = z.discriminatedUnion('type', [SingleChoiceQuestion, MultipleChoiceQuestion, CodingQuestion]);
export type QuestionDefinition = z.infer<typeof QuestionDefinition>;

export const SectionDefinition = z
  .object({
    sectionName: z.string().trim().min(1).max(200).meta(notBlank),
    sectionType: z.enum(['general', 'coding']),
    duration: z.int().min(1).max(600),
    questions: z.array(QuestionDefinition).min(1).max(500),
  })
  .refine((s) => s.sectionType === 'coding' || s.questions.every((q) => q.type !== 'coding'), {
    error: 'coding questions belong in a coding section',
  })
  .refine((s) => s.sectionType === 'general' || s.questions.every((q) => q.type === 'coding'), {
    error: 'a coding section holds only coding questions',
  });
export type SectionDefinition = z.infer<typeof SectionDefinition>;

/** A band of the score a hiring manager reads as a verdict: "Strong" from 80 % up. */
export const VerdictBand = z.object({
  label: z.string().trim().min(1).max(60),
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
    testName: z.string().trim().min(1).max(200).meta(notBlank),
    description: z.string().max(20_000).default(''),
    report: ReportSettings.prefault({}),
    /** Minutes; defaults to the sum of the section durations, and can never be shorter than it. */
    duration: z.int().min(1).max(MAX_TEST_MINUTES).optional(),
    testStatus: TestStatus.default('Active'),
    sections: z.array(SectionDefinition).min(1).max(50),
  })
  .refine((t) => t.duration === undefined || t.duration >= sumSectionDurations(t.sections), {
    error: 'duration must be at least the sum of the section durations',
    path: ['duration'],
  })
  .refine((t) => sumSectionDurations(t.sections) <= MAX_TEST_MINUTES, {
    error: `the section durations add up to more than ${MAX_TEST_MINUTES} minutes`,
    path: ['sections'],
  })
  .meta({ id: 'TestDefinition', description: 'A test to import: sections, questions, marks, durations and status.' });
export type TestDefinition = z.infer<typeof TestDefinition>;

function sumSectionDurations(sections: readonly { duration: number }[]): number {
  return sections.reduce((total, section) => total + section.duration, 0);
}

export const testDurationOf = (definition: TestDefinition): number => definition.duration ?? sumSectionDurations(definition.sections);

export const maxScoreOf = (questions: readonly QuestionDefinition[]): number => questions.reduce((total, question) => total + question.marks, 0);
