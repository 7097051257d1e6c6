import { z } from 'zod';
import { languageProfile } from '../languages/registry.js';
import { Signature } from '../languages/value-type.js';
import type { QuestionForm } from '../languages/language-id.js';
import { plainText, verbatimCode } from './text-fields.js';
import { QuestionBase } from './question-base.js';
import { CodingLanguage, codingLanguageName } from './coding-language.js';
import { CodingTestCase, SqlSettings, SqlTestCase, StdioTestCase } from './coding-cases.js';
import { checkSolutionLanguages, CodingSolutions } from './coding-solutions.js';

const StarterCodeText = verbatimCode(20_000);
const LANGUAGE_LIST = CodingLanguage.options.map((language) => `"${language}"`).join(', ');

/** Starter code keyed by language: one optional entry per language of the registry. */
const StarterCodeByLanguage = z.strictObject(
  Object.fromEntries(CodingLanguage.options.map((language) => [language, StarterCodeText.optional()])) as {
    [Language in CodingLanguage]: z.ZodOptional<typeof StarterCodeText>;
  },
);

const StarterCode = z
  .union([StarterCodeText, StarterCodeByLanguage], {
    error: `starterCode must be a string, or an object of strings by language (${LANGUAGE_LIST})`,
  })
  .optional()
  .meta({ description: 'One starter code for every language, or one per language ({ "python": "def f(x):\\n    pass" }). Default: the language\'s stub.' });

const Languages = z
  .array(CodingLanguage)
  .min(1, { error: 'languages must list at least one language' })
  .max(CodingLanguage.options.length)
  .refine((languages) => new Set(languages).size === languages.length, { error: 'languages must not repeat a language' });

/** Fields every form of coding question has. */
const CodingBase = {
  type: z.literal('coding'),
  ...QuestionBase,
  starterCode: StarterCode,
  ...CodingSolutions,
};

type Issues = { value: unknown; issues: z.core.$ZodRawIssue[] };

/** Every accepted language must answer the form, and starter code may name only accepted languages. */
function checkLanguages(ctx: Issues, form: QuestionForm, languages: readonly CodingLanguage[], starterCode: unknown): void {
  languages.forEach((language, index) => {
    if (!languageProfile(language).forms.includes(form)) {
      ctx.issues.push({
        code: 'custom',
        input: language,
        path: ['languages', index],
        message: `${codingLanguageName(language)} cannot answer a ${form} question (it answers ${languageProfile(language).forms.join(', ')} questions)`,
      });
    }
  });
  if (typeof starterCode !== 'object' || starterCode === null) return;
  const authored = starterCode as Partial<Record<CodingLanguage, string>>;
  for (const language of CodingLanguage.options.filter((name) => authored[name] !== undefined && !languages.includes(name))) {
    ctx.issues.push({
      code: 'custom',
      input: starterCode,
      path: ['starterCode', language],
      message: `starterCode has ${codingLanguageName(language)} code but the question does not accept ${language}`,
    });
  }
}

/** One starter code per accepted language: the authored one, else `fallback(language)`. */
function startersOf(
  languages: readonly CodingLanguage[],
  starterCode: string | Partial<Record<CodingLanguage, string | undefined>> | undefined,
  fallback: (language: CodingLanguage) => string,
): Partial<Record<CodingLanguage, string>> {
  return Object.fromEntries(
    languages.map((language) => [language, typeof starterCode === 'string' ? starterCode : (starterCode?.[language] ?? fallback(language))]),
  );
}

/**
 * A function question as authored (the form of every definition before issue 49). `languages` lists what the candidate
 * may answer in (the first is the one the editor opens with); the single `language` of earlier definitions still works
 * and means `[language]`. `signature` types the function for the static languages (required when one is accepted).
 * Parsing normalises all of this once (`languages` always set, `starterCode` one entry per accepted language), so a
 * stored definition parses to itself; without a signature a language without authored starter code starts from ''
 * as before, with one from its profile's stub.
 */
export const FunctionCodingQuestion = z
  .object({
    ...CodingBase,
    form: z.literal('function').optional().meta({ description: 'The question form: function (the default), stdio or sql.' }),
    languages: Languages.optional().meta({
      description: 'The languages a candidate may answer in; the first is the one the editor opens with. Default ["javascript"].',
      uniqueItems: true,
    }),
    language: CodingLanguage.optional().meta({
      description: 'Earlier single-language form: alone it means languages: [language]; beside languages it must be their first.',
    }),
    functionName: z
      .string()
      .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'functionName must be an identifier (letters, digits, _ and $, not starting with a digit)' })
      .check(plainText('functionName')),
    signature: Signature.optional().meta({
      description: 'The typed signature stubs and harnesses are generated from; required when a static language (Java, C, C++, C#, Go, Rust) is accepted.',
    }),
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
    checkLanguages(ctx, 'function', languages, question.starterCode);
    checkSolutionLanguages(ctx, languages, question);
    languages.forEach((language, index) => {
      // A language that cannot express the signature (C has no maps) is refused here, not at the candidate's first run
      // (decision 721); the stub would otherwise be a comment saying so.
      const refusal = question.signature === undefined ? undefined : languageProfile(language).signatureRefusal?.(question.signature);
      if (refusal !== undefined) ctx.issues.push({ code: 'custom', input: language, path: ['languages', index], message: refusal });
    });
    for (const language of languages) {
      const profile = languageProfile(language);
      if (!profile.identifier.test(question.functionName) || profile.reserved.has(question.functionName)) {
        const dollar = profile.identifier.test('a$') ? '' : 'no $, ';
        ctx.issues.push({
          code: 'custom',
          input: question.functionName,
          path: ['functionName'],
          message: `functionName must also be a ${profile.name} identifier (${dollar}not a keyword) when the question accepts ${language}`,
        });
      }
      if (profile.needsSignature && question.signature === undefined) {
        ctx.issues.push({
          code: 'custom',
          input: question,
          path: ['signature'],
          message: `a function question that accepts ${profile.name} needs a signature ({ "params": [{ "name": "x", "type": "int" }], "returns": "int" })`,
        });
      }
    }
  })
  .transform(({ language, languages: listed, starterCode, ...question }) => {
    const languages = acceptedLanguages({ language, languages: listed });
    const { functionName, signature } = question;
    return {
      ...question,
      languages,
      starterCode: startersOf(languages, starterCode, (accepted) => (signature === undefined ? '' : languageProfile(accepted).stub(functionName, signature))),
    };
  });

/** A stdin/stdout question: the program reads each test's input and prints its output, in any language that has the form. */
export const StdioCodingQuestion = z
  .object({
    ...CodingBase,
    form: z.literal('stdio'),
    languages: Languages.meta({ description: 'The languages a candidate may answer in; the first is the one the editor opens with.', uniqueItems: true }),
    sampleTests: z.array(StdioTestCase).max(20).default([]),
    hiddenTests: z.array(StdioTestCase).min(1).max(100),
  })
  .check((ctx) => {
    checkLanguages(ctx, 'stdio', ctx.value.languages, ctx.value.starterCode);
    checkSolutionLanguages(ctx, ctx.value.languages, ctx.value);
  })
  .transform(({ starterCode, ...question }) => ({
    ...question,
    starterCode: startersOf(question.languages, starterCode, (language) => languageProfile(language).stdioStub()),
  }));

/** An SQL question: the candidate's query runs on a pristine database (schema, then each test's seed) per dialect. */
export const SqlCodingQuestion = z
  .object({
    ...CodingBase,
    form: z.literal('sql'),
    languages: Languages.meta({ description: 'The SQL dialects a candidate may answer in: "sqlite", "postgresql" or both.', uniqueItems: true }),
    sql: SqlSettings,
    sampleTests: z.array(SqlTestCase).max(20).default([]),
    hiddenTests: z.array(SqlTestCase).min(1).max(100),
  })
  .check((ctx) => {
    checkLanguages(ctx, 'sql', ctx.value.languages, ctx.value.starterCode);
    checkSolutionLanguages(ctx, ctx.value.languages, ctx.value);
  })
  .transform(({ starterCode, ...question }) => ({ ...question, starterCode: startersOf(question.languages, starterCode, () => '') }));

/** A coding question in one of its forms (`form` absent means function). */
export const CodingQuestion = z.discriminatedUnion('form', [FunctionCodingQuestion, StdioCodingQuestion, SqlCodingQuestion], {
  error: 'form must be "function" (or left out), "stdio" or "sql"',
});
// Published as anyOf, not oneOf (decision 686): a definition from before issue 49 leaves `form` out, and JSON Schema
// linters cannot prove branches exclusive on an optional property. Parsing still dispatches on `form` (absent: function).
(CodingQuestion._zod.def as { inclusive?: boolean }).inclusive = true;
export type CodingQuestion = z.infer<typeof CodingQuestion>;
export type FunctionCodingQuestion = z.infer<typeof FunctionCodingQuestion>;
export type StdioCodingQuestion = z.infer<typeof StdioCodingQuestion>;
export type SqlCodingQuestion = z.infer<typeof SqlCodingQuestion>;

/** A coding question's form: `function` when the definition names none. */
export const codingFormOf = (question: Pick<CodingQuestion, 'form'>): QuestionForm => question.form ?? 'function';

/** The languages a function question accepts, from either form; `["javascript"]` when it names none. */
function acceptedLanguages(question: { languages?: readonly CodingLanguage[] | undefined; language?: CodingLanguage | undefined }): CodingLanguage[] {
  if (question.languages !== undefined) return [...question.languages];
  return [question.language ?? 'javascript'];
}

/** The starter code the editor shows for a language the question accepts ('' for one it does not). */
export const starterCodeOf = (question: Pick<CodingQuestion, 'starterCode'>, language: CodingLanguage): string => question.starterCode[language] ?? '';
