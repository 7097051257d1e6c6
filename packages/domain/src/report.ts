/**
 * `@assay/domain/report`: what an attempt's report says and who may read it. Verdicts, percentiles, the event
 * log and its timelines, the report's details and how they are built, report links and signed report requests;
 * and the events sent about it (the completion callback, the reconciliation window).
 */
export * from './report/verdict.js';
export * from './report/percentile.js';
export { type ScoreCount, scoreRanking } from './report/score-ranking.js';
export * from './report/event-log.js';
export * from './report/timelines.js';
export * from './report/question-outcome.js';
export * from './report/report-details.js';
export * from './report/question-signals-detail.js';
export * from './report/build-report-details.js';
// Issue 52 item 4: skill-wise scores of an attempt (decisions 923–927).
export { SkillScore, skillScoresOf, type SkillQuestion } from './report/skill-scores.js';
export { shownSkillsOf } from './report/shown-skills.js';
export * from './report/report-link.js';
export * from './report/signed-report-request.js';
export * from './events/completion-callback.js';
export * from './events/reconciliation-window.js';
// excelfacts (issue 30): what scoring stores of each coding answer for the Excel export.
export * from './report/coding-answer-facts.js';
export * from './report/attempt-results-text.js';
export * from './report/attempt-coding-text.js';
// Grading (issue 32, grading): a person's grade of a written answer, the rule it must fit, the final score once
// every answer is graded, and the review queue.
export * from './grading/grade.js';
export * from './grading/check-grade.js';
export * from './grading/final-score.js';
export * from './grading/review-queue.js';
export * from './grading/build-review-queue.js';
// gradingrules (issue 32): what recording a grade does, and how long a held announcement waits for the report.
export * from './grading/record-grade.js';
export * from './events/announcement-wait.js';

// Issue 32 item 5 (history): reviewed integrity evidence — evidence ids, outcomes, the review body.
export * from './history/evidence-review.js';
// Written answers in the report (issue 32, writtenreport): the candidate's text, its marking and grade in `/details`.
export * from './report/written-answer-detail.js';
// Issue 32 items 5 and 6 (evidenceview): each departure and snapshot of `/details` with its evidence id and review.
export * from './report/integrity-evidence-detail.js';
// The "submitted" event (issue 32 item 2, submitted): an opt-in push when a candidate submits, before grading ends.
export * from './events/submitted-event.js';
export * from './report/pool-percentile.js';
// Similarity between candidates (issue 34, item 1): tokens, winnowing, pair comparison and the incremental pass.
export * from './similarity/code-tokens.js';
export * from './similarity/winnowing.js';
export * from './similarity/compare-fingerprints.js';
export * from './similarity/submission-fingerprints.js';
export * from './report/similarity-detail.js';
// Issue 50 item 6: every similarity pair of an attempt, page by page (decision 822).
export {
  askedQuestionNumbers,
  SimilarityPage,
  SimilarityPageQuery,
  SimilarityPairEntry,
  similarityPageEntries,
  similarityPageOf,
} from './report/similarity-page.js';
export * from './report/variant-order-text.js';
// Issue 48 item 7 (integrity): one integrity summary of an attempt, counted by review outcome, and its words.
export {
  countsOf,
  EvidenceCounts,
  INTEGRITY_KINDS,
  IntegrityLevel,
  IntegritySummary,
  integritySummary,
  type EvidenceTally,
  type IntegrityKind,
} from './report/integrity-summary.js';
export { attemptEndedAt } from './report/attempt-ended-at.js';
export { attemptIntegritySummary, type AttemptEvidenceFacts } from './report/attempt-integrity-summary.js';
export { integritySummaryOfDetails, integritySummaryOfReport, type SummaryEvidence } from './report/integrity-summary-of-details.js';
export {
  INTEGRITY_LEVEL_TEXT,
  integrityColumnHeading,
  integrityCountsCell,
  integrityKindText,
  integritySummaryText,
} from './report/integrity-summary-text.js';
// Issue 48 (provisional): the score every surface shows, and whether it is provisional (decision 649).
export { percentOf, ScoreStatus, shownScore, type ScoreFacts, type ShownScore } from './report/shown-score.js';
// The report's own percent (one decimal, never below 0), which its verdict bands read; the export above shadows its name.
export { percentOf as reportPercentOf } from './report/verdict.js';
// Issue 52 (v3reports): iMocha v3's report of an invitation and its reconciliation of attempts (decisions 907–911).
export { V3Report, V3ReportQuery, V3ReportType, V3SectionScore, V3SkillScore, type V3ReportFacts, v3ReportOf, v3SkillsOf } from './v3/v3-report.js';
export {
  MAX_TEST_ATTEMPTS,
  MAX_TEST_ATTEMPTS_DAYS,
  V3AttemptState,
  V3TestAttempt,
  V3TestAttemptsAnswer,
  V3TestAttemptsInput,
  V3TestAttemptsQuery,
  type V3AttemptRow,
  type V3AttemptsWindow,
  v3AttemptsWindow,
  v3TestAttemptsOf,
} from './v3/v3-test-attempts.js';
