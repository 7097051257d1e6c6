import { isFixedTest, variantMaxScores, type QuestionRecord, type SectionRecord } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { ImportedTests } from './imported-tests.js';
import { toSectionRecord } from './records.js';

/** What one attempt is scored out of, from the version it takes (`versionTestIdOfInvitation`) and its seed. */
export type Maxima = (contentId: number, seed: number | null) => number;

/**
 * A test's attempts' maxima (decisions 576, 1500). `inScoreOrder`: every attempt is scored out of the same total, so
 * ordering by score orders by percent (the list sorts in SQL); otherwise the list orders percents itself.
 */
export interface TestMaxima {
  readonly inScoreOrder: boolean;
  readonly of: Maxima;
}

type VersionMaxima = { readonly fixed: true; readonly total: number } | { readonly fixed: false; readonly of: (seed: number | null) => number };

const versionMaxima = async (db: Kysely<Database>, tests: ImportedTests, orgId: number, contentId: number): Promise<VersionMaxima | undefined> => {
  const test = await tests.report(db, orgId, contentId);
  if (!test) return undefined;
  const sections: SectionRecord[] = (await db.selectFrom('sections').selectAll().where('test_id', '=', contentId).orderBy('position').execute()).map(
    toSectionRecord,
  );
  if (isFixedTest(sections)) return { fixed: true, total: test.totalMarks };
  const questions: readonly QuestionRecord[] = await tests.questions(db, contentId);
  return { fixed: false, of: (seed) => variantMaxScores(sections, questions, seed).total };
};

/**
 * Every version's maxima of the org's test (undefined: no such test of the org). An attempt is scored out of the
 * version it took, as its report says (issue 62 item 4); one not started, out of the current version's.
 */
export const maximaOfTest = async (db: Kysely<Database>, tests: ImportedTests, orgId: number, testId: number): Promise<TestMaxima | undefined> => {
  const current = await tests.currentVersionId(db, testId);
  const ids = await tests.versionIds(db, testId);
  const versions = new Map<number, VersionMaxima>();
  for (const id of ids) {
    const maxima = await versionMaxima(db, tests, orgId, id);
    if (maxima) versions.set(id, maxima);
  }
  const fallback = versions.get(current);
  if (!fallback) return undefined;
  const totals = new Set([...versions.values()].map((maxima) => (maxima.fixed ? maxima.total : Number.NaN)));
  const of: Maxima = (contentId, seed) => {
    const maxima = versions.get(contentId) ?? fallback;
    return maxima.fixed ? maxima.total : maxima.of(seed);
  };
  return { inScoreOrder: totals.size === 1 && !totals.has(Number.NaN), of };
};
