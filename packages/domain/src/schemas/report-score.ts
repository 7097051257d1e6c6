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

/** `scoreSoFar` formatted as `score` is. */
const scoreSoFarOf = (shown: ShownScore): string | null => (shown.score === null ? null : formatScore(shown.score));
/** Only a provisional score counts answers awaiting a grader. */
const awaitingOf = (shown: ShownScore, awaitingReview: number): number => (shown.scoreStatus === 'provisional' ? awaitingReview : 0);

/**
 * The report as the route answers it, built as one object of one shape: the report's fields, then the score fields.
 * Spreading the two (`{ ...report, ...scoreFields }`) gave an object of another hidden class per request whose
 * serializer read every field the slow way — more than the report's SQL (issue 63, decision 1404). `endReason` is
 * always a property, undefined unless terminated: written only when present, as before.
 */
export const reportWithScore = (report: CandidateReport, shown: ShownScore, awaitingReview: number): CandidateReportWithScore => ({
  emailId: report.emailId,
  fullName: report.fullName,
  timeTaken: report.timeTaken,
  testName: report.testName,
  duration: report.duration,
  questions: report.questions,
  attemptedOn: report.attemptedOn,
  totalScore: report.totalScore,
  score: report.score,
  wv: report.wv,
  tv: report.tv,
  testStatus: report.testStatus,
  reportStatus: report.reportStatus,
  endReason: report.endReason,
  scoreStatus: shown.scoreStatus,
  scoreSoFar: scoreSoFarOf(shown),
  awaitingReview: awaitingOf(shown, awaitingReview),
});

/** The report's score fields from the one rule (`shownScore`): `scoreSoFar` formatted as `score` is. */
export const reportScoreFields = (shown: ShownScore, awaitingReview: number): ReportScoreFields => ({
  scoreStatus: shown.scoreStatus,
  scoreSoFar: scoreSoFarOf(shown),
  awaitingReview: awaitingOf(shown, awaitingReview),
});
