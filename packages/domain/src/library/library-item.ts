import { z } from 'zod';
import { CodingLanguage, QuestionDefinition, VerdictBand } from '../schemas.js';

/** How experienced a candidate an item or a ready test is written for. */
export const LibraryLevel = z.enum(['junior', 'mid', 'senior']);
export type LibraryLevel = z.infer<typeof LibraryLevel>;

/**
 * An item's licence: its SPDX identifier, and whether what is adapted from it must be shared alike (CC BY-SA), which
 * every export of a test holding it says (decision 1483).
 */
export const LibraryLicence = z.object({
  spdx: z.string().regex(/^[A-Za-z0-9.+-]+$/, { error: 'an SPDX licence identifier, e.g. MIT or CC-BY-SA-3.0' }),
  shareAlike: z.boolean(),
});
export type LibraryLicence = z.infer<typeof LibraryLicence>;

/** Where an item comes from: a work it was adapted from (with its address), or the Assay authors' own. */
export const LibrarySource = z.object({
  name: z.string().min(1).max(200),
  url: z.url({ protocol: /^https$/ }).nullable(),
});

/** Languages compiled ahead of a run: a coding item's references include one, so a harness bug in them shows. */
const COMPILED: readonly string[] = ['c', 'cpp', 'java', 'csharp', 'go', 'rust'];

/** A reference answer CI runs against the item's every hidden test in the jail (issue 62 item 1). */
export const ReferenceSolution = z.object({ language: CodingLanguage, code: z.string().min(1).max(20_000) });
export type ReferenceSolution = z.infer<typeof ReferenceSolution>;

/** An item's id: lower-case words joined by hyphens, unique in the library; a change of meaning makes a new id. */
export const LibraryItemId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'lower-case words joined by hyphens' })
  .max(80);

/**
 * One question of the library (issue 62 item 1), as a file in `items/`: the question exactly as a test definition holds
 * it, with what a team needs to trust and reuse it — licence, source, attribution, version, level, skills (the
 * question's own, at least one) and an explanation of the answer for the reviewer.
 */
export const LibraryItem = z
  .object({
    id: LibraryItemId,
    version: z.int().min(1),
    level: LibraryLevel,
    licence: LibraryLicence,
    source: LibrarySource,
    attribution: z.string().min(1).max(500),
    explanation: z.string().min(1).max(4000),
    question: z.looseObject({}),
    /** Coding items only: at least three languages, one compiled, for a function; both dialects for SQL. */
    referenceSolutions: z.array(ReferenceSolution).max(11).optional(),
  })
  .superRefine((item, ctx) => {
    const parsed = QuestionDefinition.safeParse(item.question);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['question', ...issue.path] });
      return;
    }
    if (!parsed.data.skills?.length) ctx.addIssue({ code: 'custom', message: 'a library item names its skills', path: ['question', 'skills'] });
    const problem = referenceProblem(parsed.data, item.referenceSolutions ?? []);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['referenceSolutions'] });
  });

/** What is missing from a coding item's reference solutions, or what a non-coding item should not carry. */
const referenceProblem = (question: QuestionDefinition, references: readonly ReferenceSolution[]): string | undefined => {
  if (question.type !== 'coding') return references.length > 0 ? 'only coding items carry reference solutions' : undefined;
  const languages = references.map((reference) => reference.language);
  const stray = languages.find((language) => !question.languages.includes(language));
  if (stray) return `a reference in ${stray}, which the question does not accept`;
  if (new Set(languages).size !== languages.length) return 'one reference per language';
  if (question.form === 'sql')
    return languages.length === question.languages.length ? undefined : `a reference in each dialect the question accepts (${question.languages.join(', ')})`;
  if (languages.length < 3 || !languages.some((language) => COMPILED.includes(language)))
    return 'at least three references, one in a compiled language (c, cpp, java, csharp, go, rust)';
  return undefined;
};
export type LibraryItem = z.infer<typeof LibraryItem>;

/** A section of a ready test: library items by id, with the section's own settings. */
export const ReadySection = z.object({
  sectionName: z.string().min(1).max(200),
  sectionType: z.enum(['general', 'coding']),
  duration: z.int().min(1).max(600),
  items: z.array(LibraryItemId).min(1).max(500),
  draw: z.int().min(1).optional(),
  shuffleQuestions: z.boolean().optional(),
  shuffleOptions: z.boolean().optional(),
});

/** A ready test for a real role (issue 62 item 1), as a file in `tests/`: built from library items only. */
export const ReadyTest = z.object({
  id: LibraryItemId,
  version: z.int().min(1),
  testName: z.string().min(1).max(200),
  role: z.string().min(1).max(200),
  level: LibraryLevel,
  description: z.string().min(1).max(4000),
  verdictBands: z.array(VerdictBand).max(10),
  sections: z.array(ReadySection).min(1).max(50),
});
export type ReadyTest = z.infer<typeof ReadyTest>;
