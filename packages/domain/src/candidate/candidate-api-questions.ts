import { z } from 'zod';
import { JsonValue } from '../schemas/json-value.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { QuestionForm } from '../languages/language-id.js';
import { Signature } from '../languages/value-type.js';
import { CandidateFreeTextQuestion, CandidateShortAnswerQuestion, candidateQuestionBase as questionBase } from './candidate-written-questions.js';

/**
 * The candidate JSON API (`/candidate/v1/{token}`), used by Assay's own page and by custom front ends.
 * Instants here are ISO 8601 with a `Z`, for browsers; never the answers or hidden tests.
 */
export const CandidateOption = z.object({ optionId: z.int().nonnegative(), text: z.string() }).meta({ id: 'CandidateOption' });

export const CodingSample = z.object({ args: z.array(JsonValue), expected: JsonValue });

/** A single- or multiple-choice question: its options, never which are right. */
export const CandidateChoiceQuestion = z
  .object({ ...questionBase, type: z.enum(['single_choice', 'multiple_choice']), options: z.array(CandidateOption) })
  .meta({ id: 'CandidateChoiceQuestion' });
export type CandidateChoiceQuestion = z.infer<typeof CandidateChoiceQuestion>;

/** A coding question: what the candidate needs to write and run the function, never the hidden tests. */
export const CandidateCodingQuestion = z
  .object({
    ...questionBase,
    type: z.literal('coding'),
    /** The languages the candidate may answer in, the first being the default. */
    languages: z.array(CodingLanguage),
    /** The first of `languages` (kept for pages that know one language). */
    language: CodingLanguage,
    /** function (call functionName), stdio (read input, print output) or sql (a query on schema + each sample's seed). */
    form: QuestionForm,
    /** The function to write; '' for stdio and sql questions. */
    functionName: z.string(),
    /** Function questions with a typed signature: the parameters and return type every language's stub follows. */
    signature: Signature.optional(),
    /** SQL questions: the schema every database starts from, and how rows are compared. */
    sql: z.object({ schema: z.string(), ordered: z.boolean(), checkColumnNames: z.boolean() }).optional(),
    /** The starter code of `language`. */
    starterCode: z.string(),
    /** The starter code of each accepted language, by language. */
    starterCodes: z.record(z.string(), z.string()),
    /**
     * One shape for every form, as sample results have it: a function's arguments and return value; a stdio sample's
     * input text as `args[0]` and its output as `expected`; an SQL sample's seed as `args[0]` and `{ columns, rows }`.
     */
    sampleTests: z.array(CodingSample),
  })
  .meta({ id: 'CandidateCodingQuestion' });
export type CandidateCodingQuestion = z.infer<typeof CandidateCodingQuestion>;

/** One question as the candidate sees it; `type` tells which fields it has (TypeScript narrows on it). */
export const CandidateQuestion = z
  .discriminatedUnion('type', [CandidateChoiceQuestion, CandidateCodingQuestion, CandidateShortAnswerQuestion, CandidateFreeTextQuestion])
  .meta({ id: 'CandidateQuestion' });
export type CandidateQuestion = z.infer<typeof CandidateQuestion>;
