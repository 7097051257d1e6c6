/**
 * `@assay/domain/report`: what an attempt's report says and who may read it. Verdicts, percentiles, the event
 * log and its timelines, the report's details and how they are built, report links and signed report requests;
 * and the events sent about it (the completion callback, the reconciliation window).
 */
export { verdictFor } from './report/verdict.js';
export { MIN_ATTEMPTS_FOR_PERCENTILE, percentileRank, standingAmong } from './report/percentile.js';
export type { ScoreStanding } from './report/percentile.js';
export { type ScoreCount, scoreRanking } from './report/score-ranking.js';
export { completeLog, EVENT_LOG_LIMITS, eventLogPlacement, keptEventsOf, keptOrdinals, omittedEventsOf, streamOf } from './report/event-log.js';
export type { AttemptEvent, AttemptLog, EventStream, KeptEvents } from './report/event-log.js';
export { departuresOf, departuresOfLog, sectionTimesOfLog, timeBySection } from './report/timelines.js';
export type { Departure } from './report/timelines.js';
export { questionOutcome, questionOutcomesOf, questionsInReportOrder } from './report/question-outcome.js';
export type { QuestionOutcome, QuestionResult } from './report/question-outcome.js';
export { ChoiceOptionDetail, DepartureDetail, HiddenTestDetail, QuestionDetail, ReportDetails, SectionDetail, VariantDetail } from './report/report-details.js';
export {
  attemptQuestionSeconds,
  CodePlaybackDetail,
  codePlaybackDetail,
  QuestionSignalsDetail,
  questionSignalsDetail,
  questionTimesOf,
  signalEventIds,
} from './report/question-signals-detail.js';
export { buildReportDetails } from './report/build-report-details.js';
export type { ReportFacts } from './report/build-report-details.js';
// Issue 52 item 4: skill-wise scores of an attempt (decisions 923–927).
export { SkillScore, skillScoresOf, type SkillQuestion } from './report/skill-scores.js';
export { shownSkillsOf } from './report/shown-skills.js';
export { decideReportLink, reportLinkStanding } from './report/report-link.js';
export type { ReportLinkClaims, ReportLinkFacts, ReportLinkStanding } from './report/report-link.js';
export { decideSignedReportRequest } from './report/signed-report-request.js';
export type { SignedReportFacts } from './report/signed-report-request.js';
export { buildCompletionCallback, buildTestCallback, CompletionCallback, spellCompletionCallback } from './events/completion-callback.js';
export type { CallbackFacts } from './events/completion-callback.js';
export { reconciliationWindow } from './events/reconciliation-window.js';
export type { ReconciliationWindow } from './events/reconciliation-window.js';
// excelfacts (issue 30): what scoring stores of each coding answer for the Excel export.
export { attemptCodingFacts, codingAnswerFacts, shownHiddenTests } from './report/coding-answer-facts.js';
export type { CodingAnswerFacts, QuestionCodingFacts } from './report/coding-answer-facts.js';
export { readResultsText, resultsTextOf, textIdAt } from './report/attempt-results-text.js';
export { codingTextOf, readCodingText } from './report/attempt-coding-text.js';
export type { StoredCodingFacts } from './report/attempt-coding-text.js';
// Grading (issue 32, grading): a person's grade of a written answer, the rule it must fit, the final score once
// every answer is graded, and the review queue.
export {
  CriterionMarks,
  Grade,
  GradedBy,
  GradeInput,
  GradeRecorded,
  MAX_GRADE_COMMENT_LENGTH,
  MAX_GRADE_CRITERIA,
  ReviewGradeRecorded,
} from './grading/grade.js';
export type { AcceptedGrade } from './grading/grade.js';
export { checkGrade, checkInvitationGradable, decideGrade, gradeStateOf } from './grading/check-grade.js';
export type { GradeFacts, GradeState } from './grading/check-grade.js';
export { finalScore } from './grading/final-score.js';
export {
  orderReviewQueue,
  reviewIsBlind,
  ReviewItem,
  ReviewOrder,
  ReviewQuery,
  ReviewQueue,
  ReviewReference,
  reviewReferenceNotFound,
} from './grading/review-queue.js';
export type { ReviewEntry } from './grading/review-queue.js';
export { buildReviewQueue, reviewAnswerKey, reviewQueuePage } from './grading/build-review-queue.js';
export type { ReviewPageFacts, ReviewPageRequest, ReviewQueueSource, ReviewReferenceOf } from './grading/build-review-queue.js';
// gradingrules (issue 32): what recording a grade does, and how long a held announcement waits for the report.
export { gradeChange, reportAfterGrade } from './grading/record-grade.js';
export type { GradeChange, ReportAfterGrade } from './grading/record-grade.js';
export { announcementWait, REVIEW_WAIT_MS, SCORING_WAIT_MS } from './events/announcement-wait.js';
export type { AnnouncementAttempt, AnnouncementWait } from './events/announcement-wait.js';

// Issue 32 item 5 (history): reviewed integrity evidence — evidence ids, outcomes, the review body.
export {
  departureEvidenceIds,
  evidenceIdText,
  EvidenceOutcome,
  EvidenceReview,
  EvidenceReviewInput,
  knownEvidence,
  parseEvidenceId,
} from './history/evidence-review.js';
export type { AttemptEvidence, EvidenceId } from './history/evidence-review.js';
// Written answers in the report (issue 32, writtenreport): the candidate's text, its marking and grade in `/details`.
export { ReviewProgress, WrittenAnswerDetail, writtenAnswerDetail, WrittenMarking } from './report/written-answer-detail.js';
export type { WrittenReviewFacts } from './report/written-answer-detail.js';
// Issue 32 items 5 and 6 (evidenceview): each departure and snapshot of `/details` with its evidence id and review.
export { departureDetails, EvidenceReviewDetail, reviewedEvidenceFields, reviewOf, snapshotDetails } from './report/integrity-evidence-detail.js';
export type { EvidenceReviews } from './report/integrity-evidence-detail.js';
// The "submitted" event (issue 32 item 2, submitted): an opt-in push when a candidate submits, before grading ends.
export { buildSubmittedEvent, SubmittedEvent } from './events/submitted-event.js';
export type { SubmittedFacts } from './events/submitted-event.js';
export { poolRanking, poolStanding } from './report/pool-percentile.js';
export type { DrawnScore } from './report/pool-percentile.js';
// Similarity between candidates (issue 34, item 1): tokens, winnowing, pair comparison and the incremental pass.
export { codeTokens } from './similarity/code-tokens.js';
export type { CodeToken } from './similarity/code-tokens.js';
export { KGRAM, WINDOW, winnow } from './similarity/winnowing.js';
export type { Fingerprint } from './similarity/winnowing.js';
export {
  comparable,
  comparePair,
  isComparable,
  matchRegions,
  MAX_REGIONS,
  MIN_FINGERPRINTS,
  SIMILARITY_THRESHOLD,
  similarityScore,
} from './similarity/compare-fingerprints.js';
export type { ComparableSubmission, LineRange, MatchRegion, PairComparison } from './similarity/compare-fingerprints.js';
export {
  fingerprintsOf,
  printsOfStored,
  scoreAgainstEarlier,
  starterHashes,
  StoredPrints,
  storedPrints,
  TokenFamily,
  tokenFamily,
} from './similarity/submission-fingerprints.js';
export type { EarlierSubmission, ScoredEarlier } from './similarity/submission-fingerprints.js';
export {
  listedSimilarPairs,
  MAX_LISTED_PAIRS_PER_QUESTION,
  MAX_REGION_LINES,
  similarityDetails,
  SimilarityPairDetail,
  SimilarityRegionDetail,
} from './report/similarity-detail.js';
export type { SimilarityPairFact } from './report/similarity-detail.js';
// Issue 50 item 6: every similarity pair of an attempt, page by page (decision 822).
export {
  askedQuestionNumbers,
  SimilarityPage,
  SimilarityPageQuery,
  SimilarityPairEntry,
  similarityPageEntries,
  similarityPageOf,
} from './report/similarity-page.js';
export { variantOrderText } from './report/variant-order-text.js';
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
export { CameraDetail, cameraDetailOf, cameraGapOfDetail } from './report/camera-detail.js';
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
export {
  V3Report,
  V3ReportQuery,
  V3ReportStatus,
  V3ReportType,
  V3SectionScore,
  V3SkillScore,
  type V3ReportFacts,
  v3ReportOf,
  v3SkillsOf,
} from './v3/v3-report.js';
// Issue 60 (transcript-surfaces): v3's report's Assay extension with the attempt's AI policy and assistant counts (decision 1262).
export { V3AssayAi, v3AssayAiOf } from './v3/v3-assay-ai.js';
export {
  MAX_TEST_ATTEMPTS,
  MAX_TEST_ATTEMPTS_DAYS,
  V3AttemptState,
  V3AttemptStatus,
  V3TestAttempt,
  V3TestAttemptsAnswer,
  V3TestAttemptsInput,
  V3TestAttemptsQuery,
  type V3AttemptRow,
  type V3AttemptsWindow,
  v3AttemptsWindow,
  v3TestAttemptsOf,
} from './v3/v3-test-attempts.js';
export {
  CandidateComparison,
  ComparedCandidate,
  ComparedQuestion,
  compareCandidates,
  comparedQuestionsOf,
} from './report/candidate-comparison.js';
export { COMPARE_MAX, COMPARE_MIN, parseCompareIds } from './report/compare-ids.js';
export {
  CreatedShare,
  ReportShare,
  SHARE_DAYS,
  ShareRequest,
  decideShareExpiry,
  decideShareOpen,
  reportShareOf,
  shareStanding,
} from './shares/report-share.js';
export type { ShareStanding, StoredShare } from './shares/report-share.js';
// Issue 62 item 5: item analysis of a test's questions on the org's own scored attempts (decisions 1457–1464).
export { ItemAnalysis, ItemAnalysisRow, ItemFlag, OptionAnalysis, OptionFlag } from './item-analysis/item-analysis.js';
export { type AnalysedQuestion, analyseItems, type ItemAnalysisFacts, itemFlagsOf, type ScoredAttempt } from './item-analysis/analyse-items.js';
export { analysedQuestionsOf } from './item-analysis/analysed-questions.js';
export { exposuresOf } from './item-analysis/exposures.js';
export {
  CapState,
  type ExposureCount,
  KEPT_AT_FLOOR_TEXT,
  PoolExposure,
  poolExposuresOf,
  PoolQuestionExposure,
} from './item-analysis/pool-exposures.js';
export { ITEM_ANALYSIS_THRESHOLDS } from './item-analysis/item-analysis-thresholds.js';
export { ITEM_ANALYSIS_EXPORT_CAP, itemAnalysisInExport, itemAnalysisLeftOutText } from './item-analysis/export-cap.js';
