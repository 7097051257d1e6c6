import { type AttemptScore, type ScorableQuestion, sumMarks } from '../candidate/scoring.js';

/**
 * The final score once every answer awaiting a person is graded (issue 32): each question's marks are the machine's
 * (`question_results`) unless a person graded it, then the grade's; summed per section and overall exactly as the
 * machine's scoring sums (`sumMarks`).
 */
export const finalScore = (
  questions: readonly Pick<ScorableQuestion, 'questionId' | 'sectionId'>[],
  machineMarks: ReadonlyMap<number, number>,
  gradedMarks: ReadonlyMap<number, number>,
): Pick<AttemptScore, 'total' | 'bySection' | 'byQuestion'> => {
  const byQuestion = new Map<number, number>();
  for (const { questionId } of questions) byQuestion.set(questionId, gradedMarks.get(questionId) ?? machineMarks.get(questionId) ?? 0);
  return { ...sumMarks(questions, byQuestion), byQuestion };
};
