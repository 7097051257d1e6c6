import { z } from 'zod';
import { Id } from '../ids.js';
import { TestStatus } from '../schemas/test.js';
import { PoolExposure } from '../item-analysis/pool-exposures.js';

/** One version of a test as `GET /v2/org/tests/{testId}/versions` lists it (issue 62 item 4). */
export const TestVersionSummary = z
  .object({
    version: z.int().positive().meta({ description: '1 for the test as first imported, then 2, 3… for each change.' }),
    testName: z.string(),
    duration: z.int().nonnegative(),
    questions: z.int().nonnegative(),
    totalMarks: z.number().nonnegative(),
    testStatus: TestStatus,
    createdAt: z.iso.datetime(),
    current: z.boolean().meta({ description: 'The version attempts starting now take.' }),
    attempts: z.int().nonnegative().meta({ description: 'Attempts started on this version (each keeps it to its end, and its report says it).' }),
    madeFor: z
      .string()
      .nullable()
      .meta({ description: 'Why Assay made this version: "retired question … (shown N times, cap C) from SECTION" (an exposure cap); null for its author’s.' }),
  })
  .meta({ id: 'TestVersion' });
export type TestVersionSummary = z.infer<typeof TestVersionSummary>;

export const TestVersionList = z
  .object({
    testId: Id,
    currentVersion: z.int().positive(),
    versions: z.array(TestVersionSummary),
    pools: z
      .array(PoolExposure)
      .optional()
      .meta({ description: 'The current version’s pools with an exposure cap (issue 62 item 5): each question’s exposures and state, and the retired ones.' }),
  })
  .meta({ id: 'TestVersionList' });
export type TestVersionList = z.infer<typeof TestVersionList>;

/** What `POST /v2/org/tests/{testId}/versions` answers: the version now current, and whether this request made it. */
export const TestVersionMade = z
  .object({
    testId: Id,
    version: z.int().positive(),
    created: z.boolean().meta({ description: 'false when the definition sent is the current version as it is: no version is made.' }),
  })
  .meta({ id: 'TestVersionMade' });
export type TestVersionMade = z.infer<typeof TestVersionMade>;
