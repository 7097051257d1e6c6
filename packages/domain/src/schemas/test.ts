import { z } from 'zod';
import { Id } from '../ids.js';

export const TestStatus = z.enum(['Active', 'Inactive']);
export type TestStatus = z.infer<typeof TestStatus>;

/** The sample's capitalised spelling is what Assay sends (decision 3, "`sectionType`"). */
export const SectionType = z.enum(['General Questions', 'Coding Questions']);
export type SectionType = z.infer<typeof SectionType>;

export const Section = z
  .object({
    sectionName: z.string(),
    sectionType: SectionType,
    questions: z.int().nonnegative(),
    duration: z.int().nonnegative(),
  })
  .meta({ id: 'Section' });
export type Section = z.infer<typeof Section>;

export const TestSummary = z
  .object({
    testId: Id,
    testName: z.string(),
    accessKey: z.string(),
    duration: z.int().nonnegative(),
    questions: z.int().nonnegative(),
    testStatus: TestStatus,
  })
  .meta({ id: 'Test' });
export type TestSummary = z.infer<typeof TestSummary>;

export const TestDetails = TestSummary.extend({ sections: z.array(Section) }).meta({ id: 'TestDetails' });
export type TestDetails = z.infer<typeof TestDetails>;

/**
 * What an import answers: the stored test, and the test of the org that already had exactly this definition
 * (the same file imported twice), so the importer can tell; the import itself is never refused for it.
 */
export const ImportedTest = TestDetails.extend({
  sameContentAs: z.int().nullable().meta({ description: 'The id of an earlier test of the org with exactly the same definition, or null.' }),
}).meta({ id: 'ImportedTest' });
export type ImportedTest = z.infer<typeof ImportedTest>;

export const TestList = z
  .object({
    tests: z.array(TestSummary),
    testsCount: z.int().nonnegative(),
  })
  .meta({ id: 'TestList' });
export type TestList = z.infer<typeof TestList>;
