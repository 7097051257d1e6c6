import { REPORT_STATUS } from '../invitation-status-names.js';
import type { ReportStatus } from '../schemas/report.js';
import type { AttemptScore } from './scoring.js';

/**
 * The report's status once the machine has scored an attempt (issue 32): "Generated", with the final score and the
 * completion callback, when nothing waits for a person; "In progress" while any answer does. The invitation is
 * Completed either way: the candidate is done, the report is not.
 */
export const reportStatusAfterScoring = (score: Pick<AttemptScore, 'awaitingReview'>): ReportStatus =>
  score.awaitingReview.length === 0 ? REPORT_STATUS.generated : REPORT_STATUS.inProgress;

/** Whether the score is final: the completion callback and email are released only then. */
export const isScoreFinal = (score: Pick<AttemptScore, 'awaitingReview'>): boolean => reportStatusAfterScoring(score) === REPORT_STATUS.generated;
