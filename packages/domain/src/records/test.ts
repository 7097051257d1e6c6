import { z } from 'zod';
import { Id } from '../ids.js';
import { QuestionDefinition, ReportSettings } from '../schemas/test-definition.js';
import { SectionType, TestStatus } from '../schemas/test.js';

/** A test as stored, with what the candidate side needs of its definition. */
export const TestRecord = z.object({
  /** The test's identity: the id every API answers, the same for all its versions. */
  id: Id,
  /** The row of this version's content (sections and questions hang from it): the id itself for version 1. */
  contentId: Id,
  /** 1, 2, 3…: a change to a test makes a new version; an attempt keeps the one it started on (issue 62 item 4). */
  version: z.int().positive(),
  orgId: Id,
  name: z.string(),
  description: z.string(),
  duration: z.int(),
  questionCount: z.int().nonnegative(),
  status: TestStatus,
  /** How the report presents the test (verdict bands, hidden-test inputs). */
  reportSettings: ReportSettings,
});
export type TestRecord = z.infer<typeof TestRecord>;

/** A section of a test, in its order. */
export const SectionRecord = z.object({
  id: Id,
  position: z.int().nonnegative(),
  name: z.string(),
  sectionType: SectionType,
  duration: z.int(),
  /** Questions each candidate is asked: the section's draw when it is a pool, else all of them. */
  questionCount: z.int().nonnegative(),
  /** How candidates get the section's questions (a draw, shuffled orders); absent: all of them, as authored. */
  pool: z
    .object({
      /** Questions drawn per candidate, or null for all of them. */
      draw: z.int().positive().nullable(),
      shuffleQuestions: z.boolean(),
      shuffleOptions: z.boolean(),
      /** Started attempts each question may be shown before it is retired (issue 62 item 5); absent: no cap. */
      exposureCap: z.int().positive().optional(),
    })
    .optional(),
});
export type SectionRecord = z.infer<typeof SectionRecord>;

/** A question of a test with its whole definition (answers and hidden tests included: never sent to candidates as is). */
export const QuestionRecord = z.object({
  id: Id,
  sectionId: Id,
  definition: QuestionDefinition,
});
export type QuestionRecord = z.infer<typeof QuestionRecord>;
