import {
  attemptVariant,
  drawnExposuresOf,
  type ExposedQuestion,
  INVITATION_STATUS,
  type QuestionRecord,
  questionsOfVariant,
  retirementPlanOf,
  type SectionRecord,
} from '@assay/domain';
import { questionVersionOf } from '@assay/jobs';
import type { AttemptContext, Store } from '@assay/store';

/**
 * A pool's exposure cap at the start move (issue 62 item 5; decisions 1496–1497). Before an attempt starts, a
 * question its pool has shown to the cap is retired: the test gets a version without it, which this start (and every
 * later one) takes, while running attempts keep the version they were drawn from. Answers whether a version was made,
 * so the caller reads the invitation's test again. Nothing is read for a test without a capped pool.
 */
export const retireAtCap = async (store: Store, context: AttemptContext, now: number): Promise<boolean> => {
  const { invitation, test } = context;
  if (invitation.status !== INVITATION_STATUS.pending && invitation.status !== INVITATION_STATUS.reset) return false;
  const sections = await store.tests.sections(test.contentId);
  if (!sections.some((section) => section.pool?.exposureCap !== undefined)) return false;
  const [definition, counts] = await Promise.all([store.tests.currentDefinition(invitation.orgId, test.id), store.tests.exposureCounts(test.id)]);
  if (!definition) return false;
  const plan = retirementPlanOf(definition, new Map(counts.map((count) => [count.identity, count.exposures])), questionVersionOf);
  if (plan.retired.length === 0) return false;
  const made = await store.tests.retireAtCap(invitation.orgId, test.id, plan.definition, plan.retired, now);
  return made?.val !== undefined;
};

/** The pooled questions the attempt's seed draws from its version: what its start adds to their counts. */
export const exposedAtStart = (sections: readonly SectionRecord[], questions: readonly QuestionRecord[], seed: number): ExposedQuestion[] => {
  const pooled = new Set(sections.filter((section) => section.pool?.draw !== undefined && section.pool.draw !== null).map((section) => section.id));
  if (pooled.size === 0) return [];
  const drawn = questionsOfVariant(attemptVariant(sections, questions, seed), questions).filter((question) => pooled.has(question.sectionId));
  return drawnExposuresOf(drawn, questionVersionOf);
};
