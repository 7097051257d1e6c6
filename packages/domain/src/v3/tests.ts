import { z } from 'zod';
import { Id } from '../ids.js';
import { MAX_PAGE_SIZE, positiveIntegerText } from '../schemas/paging.js';
import { documentedInteger } from '../schemas/documented-formats.js';
import { Section, type TestDetails, type TestSummary } from '../schemas/test.js';

/**
 * `GET /v3/tests` paging as iMocha's clients send it, `?pageNo=&pageSize=` (decision 889): 1-based, 20 a page by
 * default, at most 100 — the v2 list's rules under v3's names.
 */
export const V3TestListQuery = z.object({
  pageNo: positiveIntegerText('pageNo')
    .default(1)
    .meta({ ...documentedInteger({ minimum: 1, maximum: 999_999_999, default: 1 }), description: 'Page number, from 1 (the default).' }),
  pageSize: positiveIntegerText('pageSize', MAX_PAGE_SIZE)
    .default(20)
    .meta({ ...documentedInteger({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }), description: 'Tests per page (default 20, at most 100).' }),
});
export type V3TestListQuery = z.infer<typeof V3TestListQuery>;

/** v3 spells statuses in lower case, as its links' `active`/`inactive`. */
export const V3TestStatus = z.enum(['active', 'inactive']);
export type V3TestStatus = z.infer<typeof V3TestStatus>;

export const V3Test = z
  .object({
    testId: Id,
    testName: z.string(),
    testAliasName: z.string().nullable().meta({ description: 'The name candidates see, from the test settings; null when none is set.' }),
    duration: z.int().nonnegative().meta({ description: 'Minutes.' }),
    questions: z.int().nonnegative(),
    status: V3TestStatus,
  })
  .meta({ id: 'V3Test' });
export type V3Test = z.infer<typeof V3Test>;

export const V3TestList = z
  .object({
    tests: z.array(V3Test),
    totalCount: z.int().nonnegative().meta({ description: 'Tests of the organization in all pages.' }),
    pageNo: z.int().positive(),
    pageSize: z.int().positive(),
  })
  .meta({ id: 'V3TestList' });
export type V3TestList = z.infer<typeof V3TestList>;

export const V3TestDetails = V3Test.extend({ sections: z.array(Section) }).meta({ id: 'V3TestDetails' });
export type V3TestDetails = z.infer<typeof V3TestDetails>;

/** A stored test in v3's words; the alias comes from the test's settings when it has one. */
export const toV3Test = (test: TestSummary, testAliasName: string | null = null): V3Test => ({
  testId: test.testId,
  testName: test.testName,
  testAliasName,
  duration: test.duration,
  questions: test.questions,
  status: test.testStatus === 'Active' ? 'active' : 'inactive',
});

export const toV3TestDetails = (test: TestDetails, testAliasName: string | null = null): V3TestDetails => ({
  ...toV3Test(test, testAliasName),
  sections: test.sections,
});
