import { analyseItems, analysedQuestionsOf, exposuresOf, type ItemAnalysis, poolExposuresOf, type QuestionRecord, type SectionRecord } from '@assay/domain';
import { questionVersionOf } from '@assay/jobs';
import type { Store } from '@assay/store';

/**
 * Item analysis of an org's test on its own scored attempts (issue 62 item 5), of one version of it (item 4): the
 * current one unless `version` names another; the store reads the attempts taken on it, the domain computes every
 * figure; question versions are the AI check's content hashes (decision 1457). Undefined for a test not in the org, or
 * a version it does not have, answered like a missing one.
 */
export const loadItemAnalysis = async (store: Store, orgId: number, testId: number, version?: number): Promise<ItemAnalysis | undefined> => {
  const test = await store.tests.find(orgId, testId);
  if (!test) return undefined;
  const contentId = version === undefined ? test.content_id : await store.tests.versionRow(orgId, testId, version);
  if (contentId === undefined) return undefined;
  const [sections, questions] = await Promise.all([store.tests.sections(contentId), store.attempts.questions(contentId)]);
  const analysed = analysedQuestionsOf(sections, questions, questionVersionOf);
  const reads = await store.attemptLog.itemAnalysisReads(
    orgId,
    testId,
    analysed.map((question) => question.questionId),
    contentId,
  );
  const analysis = analyseItems({ testId, questions: analysed, attempts: reads.attempts, exposures: exposuresOf(sections, questions, reads.startedSeeds) });
  const pools = await capsOf(store, testId, sections, questions);
  return { ...analysis, testVersion: version ?? test.version, ...(pools.length === 0 ? {} : { pools }) };
};

/** The version's pools with an exposure cap: each question's count over every version, and the retired ones (decision 1498). */
const capsOf = async (store: Store, testId: number, sections: readonly SectionRecord[], questions: readonly QuestionRecord[]) => {
  if (!sections.some((section) => section.pool?.exposureCap !== undefined)) return [];
  const inSection = sections.map((section) => questions.filter((question) => question.sectionId === section.id));
  const shape = {
    sections: sections.map((section, place) => ({
      sectionName: section.name,
      draw: section.pool?.draw ?? undefined,
      exposureCap: section.pool?.exposureCap,
      questions: (inSection[place] ?? []).map((question) => question.definition),
    })),
  };
  const ids = inSection.map((entries) => entries.map((question) => question.id));
  return poolExposuresOf(shape, ids, await store.tests.exposureCounts(testId), questionVersionOf);
};
