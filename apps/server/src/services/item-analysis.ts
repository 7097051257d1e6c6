import { analyseItems, analysedQuestionsOf, exposuresOf, type ItemAnalysis } from '@assay/domain';
import { questionVersionOf } from '@assay/jobs';
import type { Store } from '@assay/store';
import { poolExposuresOfVersion } from './pool-exposures.js';

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
  const pools = await poolExposuresOfVersion(store, testId, contentId);
  return { ...analysis, testVersion: version ?? test.version, ...(pools.length === 0 ? {} : { pools }) };
};
