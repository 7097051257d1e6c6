import { candidateTokenOf, createClient } from '@assay/client';
import { serverUrl } from './org.js';

export interface AttemptPlan {
  /** Per question text: the option (by its text) the candidate picks; a question left out stays unanswered. */
  readonly picks: Readonly<Record<string, string>>;
  /** Leaves the test window once and comes back: a departure, integrity evidence a reviewer can confirm. */
  readonly leaves?: boolean;
  /** false: the attempt stays In progress. */
  readonly submits?: boolean;
}

/**
 * A candidate takes the test through the candidate API, as the page does: start, one saved answer per pick (single
 * choice questions), a departure if asked, submit.
 */
export const takeAttempt = async (takeTestUrl: string, plan: AttemptPlan): Promise<void> => {
  const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(takeTestUrl));
  const started = await attempt.start();
  for (const question of started.test.sections.flatMap((section) => section.questions)) {
    const pick = plan.picks[question.text];
    if (pick === undefined) continue;
    if (question.type !== 'single_choice') throw new Error(`a single_choice question, not ${question.type}`);
    const option = question.options.find((candidate) => candidate.text === pick);
    if (!option) throw new Error(`no option "${pick}" in "${question.text}"`);
    await attempt.saveAnswer(question.questionId, { optionIds: [option.optionId] });
  }
  if (plan.leaves) {
    await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
    await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
  }
  if (plan.submits !== false) await attempt.submit();
};
