import { attemptVariant } from '../candidate/question-variant.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';

/**
 * How many started attempts were shown each question: every question of a fixed test for each attempt, a pool's
 * drawn ones only (the attempt's variant from its seed, decision 572). What an exposure cap would count (decision 1462).
 */
export const exposuresOf = (
  sections: readonly Pick<SectionRecord, 'id' | 'pool'>[],
  questions: readonly QuestionRecord[],
  startedSeeds: readonly (number | null)[],
): Map<number, number> => {
  const counts = new Map<number, number>(questions.map((question) => [question.id, 0]));
  for (const seed of startedSeeds) {
    for (const { questionId } of attemptVariant(sections, questions, seed)) counts.set(questionId, (counts.get(questionId) ?? 0) + 1);
  }
  return counts;
};
