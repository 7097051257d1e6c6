import { attemptAiUse, departuresOfLog, type Answer, type ScorableQuestion } from '@assay/domain';
import type { Store } from '@assay/store';

export interface AiUseInput {
  readonly invitationId: number;
  readonly startedAt: number | null;
  readonly endedAt: number;
  readonly questions: readonly ScorableQuestion[];
  readonly answers: readonly { readonly questionId: number; readonly answer: Answer; readonly savedAt: number }[];
}

/**
 * The AI-use evidence of a scored attempt (issue 60, item 5; decision 1205): the four rules over what the page
 * reported and the departures its log keeps, under every policy. Replaces the attempt's findings, so a job run again
 * leaves one set. Evidence for a reviewer; run before the score is saved only so that a failure retries the job.
 */
export const recordAiUse = async (store: Store, input: AiUseInput): Promise<void> => {
  const [signals, log] = await Promise.all([store.questionSignals.ofAttempt(input.invitationId), store.attemptLog.events(input.invitationId)]);
  const findings = attemptAiUse({
    startedAt: input.startedAt,
    questions: input.questions,
    answers: new Map(input.answers.map(({ questionId, answer, savedAt }) => [questionId, { answer, savedAt }])),
    signals,
    departures: departuresOfLog(log.presence, input.endedAt),
  });
  await store.questionSignals.replaceAiUse(input.invitationId, findings);
};
