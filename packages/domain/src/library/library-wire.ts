import { z } from 'zod';
import { CodingLanguage } from '../schemas/coding-language.js';
import { singleLineText } from '../schemas/text-fields.js';
import { LibraryItemId, LibraryLevel, LibraryLicence } from './library-item.js';

/** The question types an item may be, as the test definition names them. */
export const LibraryItemType = z.enum(['single_choice', 'multiple_choice', 'coding', 'short_answer', 'free_text']);

/** One item as `GET /v2/org/library` lists it: what a team filters and chooses by, without the question's whole body. */
export const LibraryItemSummary = z
  .object({
    id: LibraryItemId,
    version: z.int(),
    type: LibraryItemType,
    level: LibraryLevel,
    skills: z.array(z.string()),
    languages: z.array(CodingLanguage).meta({ description: 'The languages a coding item may be answered in; empty for other types.' }),
    title: z.string().meta({ description: "The question text's first line, at most 120 characters." }),
    marks: z.number(),
    licence: LibraryLicence,
    source: z.object({ name: z.string(), url: z.string().nullable() }),
    attribution: z.string(),
  })
  .meta({ id: 'LibraryItemSummary' });
export type LibraryItemSummary = z.infer<typeof LibraryItemSummary>;

export const LibraryList = z
  .object({
    items: z.array(LibraryItemSummary),
    itemsCount: z.int(),
    skills: z.array(z.string()).meta({ description: 'Every skill of the library, to filter by.' }),
  })
  .meta({ id: 'LibraryList' });
export type LibraryList = z.infer<typeof LibraryList>;

/** One item whole: its question exactly as a test definition holds it, hidden tests included (the org's to see). */
export const LibraryItemDetails = z
  .object({ ...LibraryItemSummary.shape, explanation: z.string(), question: z.record(z.string(), z.unknown()) })
  .meta({ id: 'LibraryItemDetails' });
export type LibraryItemDetails = z.infer<typeof LibraryItemDetails>;

/** A ready test as `GET /v2/org/library/tests` lists it. */
export const ReadyTestSummary = z
  .object({
    id: LibraryItemId,
    version: z.int(),
    testName: z.string(),
    role: z.string(),
    level: LibraryLevel,
    description: z.string(),
    duration: z.int().meta({ description: 'Minutes: the sum of its sections.' }),
    questions: z.int().meta({ description: 'How many questions each candidate is asked (a pool counts its draw).' }),
    skills: z.array(z.string()),
    sections: z.array(
      z.object({
        sectionName: z.string(),
        sectionType: z.enum(['general', 'coding']),
        duration: z.int(),
        items: z.array(LibraryItemId),
        draw: z.int().nullable(),
      }),
    ),
  })
  .meta({ id: 'ReadyTestSummary' });
export type ReadyTestSummary = z.infer<typeof ReadyTestSummary>;

export const ReadyTestList = z.object({ tests: z.array(ReadyTestSummary) }).meta({ id: 'ReadyTestList' });
export type ReadyTestList = z.infer<typeof ReadyTestList>;

/**
 * What `POST /v2/org/library/import` takes: a ready test by id, or chosen items by id (then a name too); either makes a
 * new test. One object, not a union, so that a refusal names the field at fault.
 */
export const LibraryImportInput = z
  .strictObject({
    readyTest: LibraryItemId.optional().meta({ description: 'The id of a ready test (GET /v2/org/library/tests). Give this or `items`.' }),
    items: z
      .array(LibraryItemId)
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'Library item ids, each once, in the order the test asks them. Give this (with `testName`) or `readyTest`.' }),
    testName: singleLineText('testName', 200)
      .optional()
      .meta({ description: "The new test's name: needed with `items`; with `readyTest`, the ready test's own without it." }),
  })
  .superRefine((input, ctx) => {
    if ((input.readyTest === undefined) === (input.items === undefined))
      ctx.addIssue({ code: 'custom', message: 'give readyTest (a ready test) or items (chosen items), one of them', path: [] });
    else if (input.items !== undefined && input.testName === undefined)
      ctx.addIssue({ code: 'custom', message: 'testName: a test made of chosen items needs a name', path: ['testName'] });
  })
  .meta({ id: 'LibraryImportInput' });
export type LibraryImportInput = z.infer<typeof LibraryImportInput>;

/** What `GET /v2/org/library` filters by: each optional, all of them at once. */
export const LibraryFilter = z.object({
  skill: singleLineText('skill', 60).optional().meta({ description: 'A skill, compared without regard to case.' }),
  type: LibraryItemType.optional(),
  language: CodingLanguage.optional().meta({ description: 'Coding items that may be answered in this language.' }),
  level: LibraryLevel.optional(),
});
export type LibraryFilter = z.infer<typeof LibraryFilter>;
