/**
 * `@assay/domain/candidate`: the candidate's side of an attempt. The candidate API's shapes, admission and
 * self-registration, the attempt's clock, gate, refusals and expiry, the session's phases and languages, sample
 * runs and their budget, proctoring, snapshots, written answers (their fit, short-answer matching, word counts),
 * scoring and what awaits a reviewer.
 */
// The candidate API's shapes (`/candidate/v1/{token}` and the public link's page), one file per part of it.
export { CandidateChoiceQuestion, CandidateCodingQuestion, CandidateOption, CandidateQuestion, CodingSample } from './candidate/candidate-api-questions.js';
export {
  AccessVerdictCode,
  CandidateSection,
  CandidateSession,
  SavedAnswer,
  SessionDisplayMessages,
  StartedCandidateSection,
  StartedCandidateSession,
} from './candidate/candidate-api-session.js';
export { SessionViolationRules } from './candidate/violation-rules.js';
export { AnswerInput, AnswerSaved, MAX_CODE_ANSWER_LENGTH } from './candidate/candidate-api-answers.js';
export { ProctoringEventInput, SnapshotInput, SnapshotSaved, ViolationCounts } from './candidate/candidate-api-events.js';
export { EQUALITY_RULES, ErrorLocation, RunCodeInput, RunCodeResult, TestCaseResult } from './candidate/candidate-api-runs.js';
export { CompileError, CompileErrors, compileErrorsOf, MAX_COMPILE_ERRORS } from './candidate/compile-errors.js';
export { RunPhase, runPhaseOf, RunStep } from './candidate/run-phase.js';
export { ALREADY_REGISTERED_MESSAGE, PublicLinkView, SelfRegistration, SelfRegistrationInput } from './candidate/candidate-api-public-link.js';
export { admissionMessage, admissionRefusal, admissionVerdict } from './candidate/admission.js';
export type { AdmissionFacts } from './candidate/admission.js';
export { decideSelfRegistration, publicLinkVerdict } from './candidate/self-registration-gate.js';
export type { PublicLinkFacts } from './candidate/self-registration-gate.js';
export { startByCandidate } from './candidate/candidate-start.js';
export type { StartAdmission, StartEvent } from './candidate/candidate-start.js';
export { allowedMs, allowedSeconds, CLIENT_CLOCK_TOLERANCE_MS, deadlineOf, eventInstant, isPastDeadline, minutesTaken } from './candidate/attempt-clock.js';
export {
  acceptAnswer,
  answerGraceOf,
  DEFAULT_ANSWER_GRACE_MS,
  expiryOf,
  MAX_ANSWER_GRACE_MS,
  requireRunningAttempt,
  requireTimeLeft,
} from './candidate/attempt-gate.js';
export type { AnswerTiming } from './candidate/attempt-gate.js';
export { ALREADY_COMPLETED, ATTEMPT_OVER, INVITATION_CANCELLED, NOT_STARTED, refusedWith } from './candidate/attempt-refusals.js';
export { isAttemptFinished, isAttemptRunning } from './candidate/attempt-status-rules.js';
export { dueToExpire, expireIfDue, expiryCutoff } from './candidate/attempt-expiry.js';
export { sessionPhase } from './candidate/session-phase.js';
export type { SessionPhase } from './candidate/session-phase.js';
export { asksFor, asksForAny } from './candidate/session-languages.js';
export { answerLanguageFor, savedAnswerLanguage } from './candidate/answer-language.js';
export { AnswerDrafts, checkDrafts, MAX_DRAFT_CHARACTERS } from './candidate/answer-drafts.js';
export { candidateFormFields } from './candidate/coding-view.js';
export { TestContents, testContentsOf } from './candidate/test-contents.js';
export { PRACTICE_QUESTION_ID, practiceCodingQuestion, practiceRunnable } from './candidate/practice-question.js';
export { customRunInputOf } from './candidate/custom-input.js';
export type { CustomRunInput } from './candidate/custom-input.js';
export {
  CustomRunResult,
  isFinished,
  MAX_CUSTOM_ARGS,
  MAX_RUN_WAIT_MS,
  RunWaitQuery,
  SampleRun,
  SampleRunState,
  StartRunInput,
} from './candidate/sample-runs.js';
export { moveSampleRun, newSampleRun } from './candidate/sample-run-state.js';
export type { SampleRunEvent } from './candidate/sample-run-state.js';
export { admitSampleRun, countedRuns, DEFAULT_RUN_BUDGET, runBudgetRetryAfterMs } from './candidate/run-budget.js';
export type { RunBudget, SampleRunHistory } from './candidate/run-budget.js';
export { DEFAULT_SCORING_BUDGET, sampleRunNotRun, sampleRunsBusy, sampleRunShare, scoringShare } from './candidate/sandbox-share.js';
export type { AttemptPlace, SandboxShare, ScoringBudget } from './candidate/sandbox-share.js';
export { applyProctoringEvent, closeProctoring, ProctoringCounters, RELOAD_GRACE_MS } from './candidate/proctoring.js';
export type { ProctoringEvent } from './candidate/proctoring.js';
export { AttemptRules, attemptRulesOf, rulesInForce } from './candidate/attempt-rules.js';
export {
  CAMERA_GAP_SIGNAL_MINUTES,
  CameraCoverage,
  cameraCoverageOf,
  cameraGapMinutesOf,
  expectedPhotosOf,
  SNAPSHOT_EVERY_MS,
} from './candidate/camera-coverage.js';
export {
  type Termination,
  type ViolationTally,
  type AttemptStatusFacts,
  ViolationKind,
  type ViolationLimits,
  type ViolationStanding,
  attemptStatusText,
  terminatedStatusText,
  terminationOf,
  violationCountText,
  violationStandingOf,
} from './candidate/violation-limits.js';
export {
  InsertionEvent,
  InsertionEvents,
  isQuestionEvent,
  largeInsertionOf,
  noSignals,
  QUESTION_SIGNAL_LIMITS,
  QuestionEventInputs,
  recordInsertion,
  recordKeystroke,
  recordTyping,
  secondsInView,
  textSize,
  viewQuestion,
} from './candidate/question-signals.js';
export type { QuestionEventInput, QuestionSignals } from './candidate/question-signals.js';
export {
  applyFrame,
  keyFrames,
  PLAYBACK_LIMITS,
  PlaybackFrame,
  PlaybackFrames,
  recordSave,
  replayFrames,
  spliceOf,
  thinFrames,
  undoFrame,
} from './candidate/code-playback.js';
export type { KeyFrame } from './candidate/code-playback.js';
export { checkDeclaredImage, checkSnapshotBytes, SNAPSHOT_IMAGE_LIMITS, sniffImageType } from './candidate/snapshot-image-rules.js';
export type { DeclaredImage, SnapshotImageType } from './candidate/snapshot-image-rules.js';
export { type BlankFrame, type FrameLuminance, BLANK_FRAME_THRESHOLDS, FRAME_SAMPLE, blankFrameOf, luminanceOf } from './candidate/blank-frame.js';
export { admitSnapshot, SNAPSHOT_RATE, SNAPSHOT_WINDOW_MS, snapshotWindowStart } from './candidate/snapshot-policy.js';
export type { SnapshotFacts } from './candidate/snapshot-policy.js';
export { checkWordLimit, countWords, isTextAnswerGiven, MAX_TEXT_ANSWER_LENGTH } from './candidate/written-answer.js';
export { CandidateFreeTextQuestion, candidateQuestionBase, CandidateShortAnswerQuestion } from './candidate/candidate-written-questions.js';
export { fitAnswer } from './candidate/answer-fit.js';
export { answerPatternError, compilePattern, exactForm, isDecimalText, numberSlack, parseDecimal, textForm } from './candidate/answer-text-forms.js';
export { matchesAcceptedAnswer, matchesShortAnswer } from './candidate/short-answer-match.js';
export { answerFits, awaitsReview, isCodingAnswerGiven, scoreAttempt, scoreQuestion, sumMarks } from './candidate/scoring.js';
export type { Answer, AttemptScore, CodingOutcome, ScorableQuestion } from './candidate/scoring.js';
export { isScoreFinal, reportStatusAfterScoring } from './candidate/review-status.js';
export {
  askedQuestion,
  attemptVariant,
  isFixedAttempt,
  isFixedTest,
  isInVariant,
  MAX_VARIANT_SEED,
  questionsOfVariant,
  variantMaxScores,
} from './candidate/question-variant.js';
export type { AttemptVariant, VariantQuestion } from './candidate/question-variant.js';
// The test settings' shuffle choice, fixed in the attempt's seed at its start (issue 52, decision 959).
export { type ShuffleChoice, attemptSeedOf, readAttemptSeed, sectionsUnderChoice } from './candidate/variant-settings.js';
// What the end of a practice test shows (issue 52, decision 961).
export { PracticeOutcome, PracticeResult, practiceResultOf } from './candidate/practice-result.js';
export {
  CandidateFeedback,
  CandidateFeedbackInput,
  FEEDBACK_TEXT_MAX,
  type FeedbackFacts,
  acceptFeedback,
} from './candidate/candidate-feedback.js';
// Told before start (issue 51 item 4): who holds the candidate's data, what is recorded, for how long.
export { DataNotice, type DataNoticeFacts, RecordedKind, dataNoticeOf } from './candidate/data-notice.js';
export { placeQuestionEvent } from './candidate/placed-question-event.js';
export type { PlacedQuestionEvent } from './candidate/placed-question-event.js';
// A preview link: the real page of a test, answered from its definition, that records nothing (issue 62 item 3).
export {
  PREVIEW_LIFETIME_MS,
  PREVIEW_TOKEN_PREFIX,
  type PreviewContent,
  type PreviewStage,
  type StoredPreview,
  TestPreviewMade,
  TestPreviewRequest,
  isPreviewToken,
  previewCandidateOf,
  previewContentOf,
  previewInvitationOf,
  previewOpens,
} from './candidate/test-preview.js';
