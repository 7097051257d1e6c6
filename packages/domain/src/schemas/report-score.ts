import { z } from 'zod';
import { ScoreStatus, type ShownScore } from '../report/shown-score.js';
import { CandidateReport, formatScore } from './report.js';

/**
 * What the candidate report (4.11) adds so an integrator can tell a provisional score (decision 650): `score` keeps its
 * meaning (the final score, "0" until the report is Generated); these say where it stands and the marks so far.
 */
export const ReportScoreFields = z.object({
  scoreStatus: ScoreStatus,
  scoreSoFar: z.string().nullable().meta({
    description: 'The score to show now, formatted as `score`: the final score, the marks so far while provisional, null while unscored.',
  }),
  awaitingReview: z.int().nonnegative().meta({ description: 'Answers still awaiting a grader; 0 unless scoreStatus is provisional.' }),
});
export type ReportScoreFields = z.infer<typeof ReportScoreFields>;

/** The candidate report as `GET /v2/org/report/{testInvitationId}` answers it. */
export const CandidateReportWithScore = CandidateReport.extend(ReportScoreFields.shape).meta({ id: 'CandidateReport' });
export type CandidateReportWithScore = z.infer<typeof CandidateReportWithScore>;

/** The report's score fields from the one rule (`shownScore`): `scoreSoFar` formatted as `score` is. */
export const reportScoreFields = (shown: ShownScore, awaitingReview: number): ReportScoreFields => ({
  scoreStatus: shown.scoreStatus,
  scoreSoFar: shown.score === null ? null : formatScore(shown.score),
  awaitingReview: shown.scoreStatus === 'provisional' ? awaitingReview : 0,
});
