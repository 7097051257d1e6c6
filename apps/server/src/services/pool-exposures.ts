import { type PoolExposure, poolExposuresOf } from '@assay/domain';
import { questionVersionOf } from '@assay/jobs';
import type { Store } from '@assay/store';

/**
 * A version's pools with an exposure cap (issue 62 item 5, decision 1498): each question's count over every version,
 * its state, and the questions retired from the pool. Its sections and questions are the kept content of the version;
 * the counts are read fresh. Empty for a version without a capped pool, with no read of the counts.
 */
export const poolExposuresOfVersion = async (store: Store, testId: number, contentId: number): Promise<PoolExposure[]> => {
  const [sections, questions] = await Promise.all([store.tests.sections(contentId), store.attempts.questions(contentId)]);
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
