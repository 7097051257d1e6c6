import { z } from 'zod';
import { multiLineText, singleLineText } from '../schemas/text-fields.js';
import { ImportedTest } from '../schemas/test.js';

/** The question banks Assay reads (docs/bring-your-bank.md): Moodle's XML export and the GIFT text format. */
export const BankFormat = z.enum(['moodle-xml', 'gift'], { error: 'format must be "moodle-xml" or "gift"' });
export type BankFormat = z.infer<typeof BankFormat>;

/** A bank is at most this many characters: a Moodle export of thousands of questions, images (base64) included. */
export const MAX_BANK_LENGTH = 8_000_000;
/** The body limit of the import route (the server's own when larger): a bank of MAX_BANK_LENGTH fits in JSON. */
export const BANK_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Minutes a section gets per question unless the request says otherwise. */
export const DEFAULT_MINUTES_PER_QUESTION = 2;

/** The body of `POST /v2/org/tests/import-bank`. */
export const BankImportRequest = z
  .object({
    format: BankFormat,
    content: multiLineText('content', MAX_BANK_LENGTH, {
      description: 'The whole file: a Moodle XML export (`<quiz>…</quiz>`) or GIFT text, as UTF-8 text.',
    }),
    testName: singleLineText('testName', 200)
      .optional()
      .meta({ description: 'The new test\'s name. Default: the first category\'s name, or "Imported bank".' }),
    minutesPerQuestion: z
      .number({ error: 'minutesPerQuestion must be a number' })
      .min(0.25, { error: 'minutesPerQuestion must be at least 0.25' })
      .max(60, { error: 'minutesPerQuestion must be at most 60' })
      .optional()
      .meta({
        description: `How long each section lasts per question it holds (rounded up to whole minutes, 1 to 600 a section). Default ${DEFAULT_MINUTES_PER_QUESTION}.`,
      }),
  })
  .meta({ id: 'BankImportRequest' });
export type BankImportRequest = z.infer<typeof BankImportRequest>;

/** A question of the bank that did not become a question of the test, and why. */
export const SkippedBankItem = z.object({
  index: z.int().meta({ description: 'Its place in the file among the questions (1 is the first; categories are not counted).' }),
  name: z.string().meta({ description: 'Its name in the bank (Moodle\'s name, GIFT\'s ::title::), or "" when it has none.' }),
  type: z.string().meta({ description: 'Its type in the bank, as the bank names it (e.g. "matching", "calculated", "description").' }),
  why: z.string(),
});
export type SkippedBankItem = z.infer<typeof SkippedBankItem>;

/** A part of an imported question that Assay has no place for (feedback, partial credit, images…). */
export const NotCarriedBankPart = z.object({
  index: z.int(),
  name: z.string(),
  what: z.string().meta({ description: 'What was left behind, e.g. "general feedback" or "the 50 % credit of answer \\"colour\\"".' }),
});
export type NotCarriedBankPart = z.infer<typeof NotCarriedBankPart>;

/** The answer of `POST /v2/org/tests/import-bank`: the test made, and the report of what could not be carried over. */
export const BankImportReport = z
  .object({
    test: ImportedTest,
    importedCount: z.int().nonnegative().meta({ description: "How many of the bank's questions are in the test." }),
    skipped: z.array(SkippedBankItem).meta({ description: "The bank's questions left out, each with why." }),
    notCarried: z.array(NotCarriedBankPart).meta({ description: 'Parts of imported questions Assay has no place for.' }),
  })
  .meta({ id: 'BankImportReport' });
export type BankImportReport = z.infer<typeof BankImportReport>;
