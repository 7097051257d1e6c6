import { analyseItems, analysedQuestionsOf, exposuresOf, type ItemAnalysis } from '@assay/domain';
import { questionVersionOf } from '@assay/jobs';
import type { Store } from '@assay/store';

/**
 * Item analysis of an org's test on its own scored attempts (issue 62 item 5): the store reads the attempts, the
 * domain computes every figure; question versions are the AI check's content hashes (decision 1457). Undefined for a
 * test not in the org, answered like a missing one.
 */
export const loadItemAnalysis = async (store: Store, orgId: number, testId: number): Promise<ItemAnalysis | undefined> => {
  const test = await store.tests.find(orgId, testId);
  if (!test) return undefined;
  const [sections, questions] = await Promise.all([store.tests.sections(testId), store.attempts.questions(testId)]);
  const analysed = analysedQuestionsOf(sections, questions, questionVersionOf);
  const reads = await store.attemptLog.itemAnalysisReads(
    orgId,
    testId,
    analysed.map((question) => question.questionId),
  );
  return analyseItems({ testId, questions: analysed, attempts: reads.attempts, exposures: exposuresOf(sections, questions, reads.startedSeeds) });
};
