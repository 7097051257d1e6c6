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
  SessionViolationRules,
  StartedCandidateSection,
  StartedCandidateSession,
} from './candidate/candidate-api-session.js';
export { AnswerInput, AnswerSaved, MAX_CODE_ANSWER_LENGTH } from './candidate/candidate-api-answers.js';
export { ProctoringEventInput, SnapshotInput, SnapshotSaved, ViolationCounts } from './candidate/candidate-api-events.js';
export { EQUALITY_RULES, ErrorLocation, RunCodeInput, RunCodeResult, TestCaseResult } from './candidate/candidate-api-runs.js';
export { ALREADY_REGISTERED_MESSAGE, PublicLinkView, SelfRegistration, SelfRegistrationInput } from './candidate/candidate-api-public-link.js';
export * from './candidate/admission.js';
export * from './candidate/self-registration-gate.js';
export * from './candidate/candidate-start.js';
export * from './candidate/attempt-clock.js';
export * from './candidate/attempt-gate.js';
export * from './candidate/attempt-refusals.js';
export * from './candidate/attempt-status-rules.js';
export * from './candidate/attempt-expiry.js';
export * from './candidate/session-phase.js';
export * from './candidate/session-languages.js';
export * from './candidate/answer-language.js';
export * from './candidate/coding-view.js';
export * from './candidate/custom-input.js';
export * from './candidate/sample-runs.js';
export * from './candidate/sample-run-state.js';
export * from './candidate/run-budget.js';
export * from './candidate/sandbox-share.js';
export * from './candidate/proctoring.js';
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
export * from './candidate/question-signals.js';
export * from './candidate/code-playback.js';
export * from './candidate/snapshot-image-rules.js';
export { type BlankFrame, type FrameLuminance, BLANK_FRAME_THRESHOLDS, FRAME_SAMPLE, blankFrameOf, luminanceOf } from './candidate/blank-frame.js';
export * from './candidate/snapshot-policy.js';
export * from './candidate/written-answer.js';
export * from './candidate/candidate-written-questions.js';
export * from './candidate/answer-fit.js';
export * from './candidate/answer-text-forms.js';
export * from './candidate/short-answer-match.js';
export * from './candidate/scoring.js';
export * from './candidate/review-status.js';
export * from './candidate/question-variant.js';
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
