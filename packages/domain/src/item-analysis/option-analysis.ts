import type { OptionAnalysis, OptionFlag } from './item-analysis.js';
import { roundFigure } from './item-statistics.js';

interface Chooser {
  readonly choices: ReadonlyMap<number, readonly number[]>;
}

const shareChoosing = (attempts: readonly Chooser[], questionId: number, option: number): number | null =>
  attempts.length === 0 ? null : attempts.filter((attempt) => attempt.choices.get(questionId)?.includes(option)).length / attempts.length;

/**
 * Each option of a choice question among the attempts asked it (Moodle's per-response analysis): how many chose it,
 * and its share overall and in Kelley's upper and lower groups. A wrong option nobody chose is a distractor that does
 * not distract; a wrong option the upper group chooses more than the lower one misleads the strong (decision 1461).
 */
export const optionAnalysisOf = (
  questionId: number,
  options: readonly { readonly text: string; readonly correct: boolean }[],
  groups: { readonly asked: readonly Chooser[]; readonly upper: readonly Chooser[]; readonly lower: readonly Chooser[] },
  minAttempts: number,
): OptionAnalysis[] =>
  options.map(({ text, correct }, option) => {
    const chosen = groups.asked.filter((attempt) => attempt.choices.get(questionId)?.includes(option)).length;
    const upperShare = shareChoosing(groups.upper, questionId, option);
    const lowerShare = shareChoosing(groups.lower, questionId, option);
    const flags: OptionFlag[] = [];
    // Like the question's, an option's flags wait for enough attempts: 3 candidates leaving an option alone says little.
    const judged = groups.asked.length >= minAttempts;
    if (judged && !correct && chosen === 0) flags.push('unpicked-distractor');
    if (judged && !correct && upperShare !== null && lowerShare !== null && upperShare > lowerShare) flags.push('distractor-draws-strong');
    return {
      option,
      text,
      correct,
      chosen,
      share: roundFigure(groups.asked.length === 0 ? null : chosen / groups.asked.length),
      upperShare: roundFigure(upperShare),
      lowerShare: roundFigure(lowerShare),
      flags,
    };
  });
