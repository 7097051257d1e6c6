import { z } from 'zod';
import { TestStatus } from './test.js';
import { multiLineText, plainText, singleLineText, verbatimCode } from './text-fields.js';
import { QuestionBase, QUESTION_TEXT_FORMAT } from './question-base.js';
import { FreeTextQuestion, ShortAnswerQuestion } from './written-questions.js';
import { JsonValue } from './json-value.js';
import { CodingLanguage, codingLanguageName } from './coding-language.js';

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

/** Arguments and expected result are JSON values: the sandbox calls `functionName(...args)`. */
export const CodingTestCase = z
  .object({
    args: z.array(JsonValue).max(20),
    expected: JsonValue,
  })
  .meta({
    description:
      'The function is called with args (JSON values, as the language\'s own values) and its return value, as JSON, is compared with expected by the rules of "Equality of JSON results" in packages/sandbox/README.md: the same for every language.',
  });

const StarterCodeText = verbatimCode(20_000);

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const PYTHON_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/**
 * A coding question as authored. `languages` lists what the candidate may answer in (the first is the one the
 * editor opens with); the single `language` of earlier definitions still works and means `[language]`.
 * `starterCode` is one text for every language or one per language. Parsing normalises all of this once
 * (`languages` always set, `starterCode` one entry per accepted language), so a stored definition parses to itself.
 */
export const CodingQuestion = z
  .object({
    type: z.literal('coding'),
    ...QuestionBase,
    languages: z
      .array(CodingLanguage)
      .min(1, { error: 'languages must list at least one language' })
      .max(3)
      .refine((languages) => new Set(languages).size === languages.length, { error: 'languages must not repeat a language' })
      .optional()
      .meta({ description: 'The languages a candidate may answer in; the first is the one the editor opens with. Default ["javascript"].', uniqueItems: true }),
    language: CodingLanguage.optional().meta({
      description: 'Earlier single-language form: alone it means languages: [language]; beside languages it must be their first.',
    }),
    functionName: z.string().regex(JS_IDENTIFIER, { error: 'functionName must be a JavaScript identifier' }).check(plainText('functionName')),
    starterCode: z
      .union(
        [
          StarterCodeText,
          z.strictObject({ javascript: StarterCodeText.optional(), typescript: StarterCodeText.optional(), python: StarterCodeText.optional() }),
        ],
        {
          error: 'starterCode must be a string, or an object of strings by language ("javascript", "typescript", "python")',
        },
      )
      .optional()
      .meta({ description: 'One starter code for every language, or one per language ({ "python": "def f(x):\\n    pass" }). Default "".' }),
    sampleTests: z.array(CodingTestCase).max(20).default([]),
    /** Never shown to the candidate. */
    hiddenTests: z.array(CodingTestCase).min(1).max(100),
  })
  .check((ctx) => {
    const question = ctx.value;
    const languages = acceptedLanguages(question);
    if (question.language !== undefined && question.languages !== undefined && question.languages[0] !== question.language) {
      ctx.issues.push({
        code: 'custom',
        input: question.language,
        path: ['language'],
        message: `language (${question.language}) must be the first of languages (${question.languages.join(', ')}), or be left out`,
      });
    }
    if (languages.includes('python') && (!PYTHON_IDENTIFIER.test(question.functionName) || PYTHON_KEYWORDS.has(question.functionName))) {
      ctx.issues.push({
        code: 'custom',
        input: question.functionName,
        path: ['functionName'],
        message: 'functionName must also be a Python identifier (no $, not a keyword) when the question accepts python',
      });
    }
    const starters = question.starterCode;
    if (typeof starters === 'object' && starters !== null) {
      for (const language of CodingLanguage.options.filter((name) => starters[name] !== undefined)) {
        if (!languages.includes(language)) {
          ctx.issues.push({
            code: 'custom',
            input: question.starterCode,
            path: ['starterCode', language],
            message: `starterCode has ${codingLanguageName(language)} code but the question does not accept ${language}`,
          });
        }
      }
    }
  })
  .transform(({ language, languages: listed, starterCode, ...question }) => {
    const languages = acceptedLanguages({ language, languages: listed });
    return {
      ...question,
      languages,
      starterCode: Object.fromEntries(
        languages.map((language) => [language, typeof starterCode === 'string' ? starterCode : (starterCode?.[language] ?? '')]),
      ) as Partial<Record<CodingLanguage, string>>,
    };
  });
export type CodingQuestion = z.infer<typeof CodingQuestion>;

/** The languages a coding question accepts, from either form; `["javascript"]` when it names none. */
function acceptedLanguages(question: { languages?: readonly CodingLanguage[] | undefined; language?: CodingLanguage | undefined }): CodingLanguage[] {
  if (question.languages !== undefined) return [...question.languages];
  return [question.language ?? 'javascript'];
}

/** The starter code the editor shows for a language the question accepts ('' for one it does not). */
export const starterCodeOf = (question: CodingQuestion, language: CodingLanguage): string => question.starterCode[language] ?? '';

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
    shuffleQuestions: z
      .boolean()
      .optional()
      .meta({ description: "Each candidate sees the section's questions in an order of their own, fixed at the start. Default false." }),
    shuffleOptions: z
      .boolean()
      .optional()
      .meta({ description: "Each candidate sees every choice question's options of the section in an order of their own, fixed at the start. Default false." }),
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
