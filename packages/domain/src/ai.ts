/**
 * `@assay/domain/ai`: what a test lets candidates do with AI (issue 60, docs/ai.md) — its policy per test and per
 * section, authorship follow-ups, the assistant's budget — and whether a model is there to offer it.
 */
export {
  AiPolicy,
  AiSettings,
  aiPoliciesInUse,
  DEFAULT_AI_SETTINGS,
  defaultAiSettingsOf,
  DefinitionAiSettings,
  MAX_FOLLOW_UPS,
  needsModel,
  sectionAiPolicyOf,
} from './ai/ai-settings.js';
export { assistantAvailable } from './ai/model-availability.js';
export type { ModelAvailability } from './ai/model-availability.js';
export {
  AttemptAiSnapshot,
  assistantOfferedOn,
  CandidateStartInput,
  attemptAiPolicyOf,
  NO_AI_SNAPSHOT_POLICY,
  unversionedAiSnapshotOf,
} from './ai/attempt-ai-snapshot.js';
export type { AssistantQuestionType, UnversionedAiSnapshot } from './ai/attempt-ai-snapshot.js';
export {
  ASSISTANT_RECORDED_NOTICE,
  ASSISTANT_SYSTEM_PROMPTS,
  WITHHELD_IN_HISTORY,
  WITHHELD_SOLUTION_MESSAGE,
  WITHHELD_UNCHECKED_MESSAGE,
} from './ai/assistant-prompts.js';
export {
  AssistantInsertionInput,
  AssistantInsertionRecord,
  AssistantMessageInput,
  AssistantMessageRecord,
  AssistantMessageState,
  FAILED_MESSAGES_ALLOWANCE,
  MAX_ASSISTANT_INSERTIONS,
  MAX_ASSISTANT_MESSAGE_CHARS,
  MAX_INSERTION_CHARS,
  MAX_SHARED_ANSWER_CHARS,
  MAX_STORED_REPLY_CHARS,
  WithheldReason,
} from './ai/assistant-transcript.js';
export type { AssistantMessageOutcome } from './ai/assistant-transcript.js';
export {
  admitAssistantMessage,
  AssistantRemaining,
  MAX_REPLY_TOKENS,
  NO_ASSISTANT_USAGE,
  remainingOf,
  STALE_PENDING_MS,
} from './ai/assistant-budget.js';
export type { AssistantAdmission, AssistantUsage } from './ai/assistant-budget.js';
export { assistantAvailabilityOf, assistantOfferFor, NO_MODEL_RETRY_AFTER_SECONDS } from './ai/assistant-offer.js';
export type { AssistantModelStatus } from './ai/assistant-offer.js';
export { assistantRequestOf, HISTORY_CHARS, HISTORY_EXCHANGES } from './ai/assistant-request.js';
export type { AssistantChatMessage, AssistantQuestionView, AssistantRequestParts } from './ai/assistant-request.js';
export { ReplyHold } from './ai/reply-hold.js';
export type { ReplyHoldMode, ReplyHoldStep } from './ai/reply-hold.js';
export { codeBlocksOf, codeToCheckOf, isWholeSolution, MAX_CHECKED_BLOCKS } from './ai/reply-code-blocks.js';
export type { CheckedQuestion, CodeToCheck, ReplyCodeBlock } from './ai/reply-code-blocks.js';
export { ESSAY_CHECK_PROMPT, essayCheckPasses, essayCheckRequestOf, replyGivesShortAnswer } from './ai/written-reply-check.js';
export { SessionAssistant, sessionAssistantOf } from './ai/session-assistant.js';
export type { SessionAssistantParts } from './ai/session-assistant.js';
export { ReportAi, ReportAiMessage, reportAiOf } from './ai/report-ai.js';
export { ReviewTranscript, reportAiOfQuestion } from './ai/review-transcript.js';
export { AssistantConversation, AssistantInsertionRecorded, conversationOf, insertionAdmission } from './ai/assistant-conversation.js';
export { OrgAiSettings, OrgAiSettingsInput, orgAiSettingsOf } from './ai/org-ai-settings.js';
export { AssistantStreamEvent } from './ai/assistant-stream-event.js';
// AI-use evidence that needs no model (issue 60, item 5; docs/ai.md "AI-use evidence").
export { AiUseEvidenceDetail, aiUseDetails, aiUseEvidenceIds, AiUseFindings } from './ai-use/ai-use-detail.js';
export {
  AiUseFinding,
  aiUseEvidenceId,
  AiUseKind,
  BurstAfterReturnFigures,
  CopiedQuestionFigures,
  RewrittenFigures,
  TranscribedFigures,
} from './ai-use/ai-use-finding.js';
export { AI_USE_NAMES, AI_USE_RULES, AI_USE_SHORT_NAMES, aiUseFiguresText } from './ai-use/ai-use-text.js';
export { AI_USE_THRESHOLDS } from './ai-use/ai-use-thresholds.js';
export { attemptAiUse } from './ai-use/attempt-ai-use.js';
export type { AttemptAiUseFacts } from './ai-use/attempt-ai-use.js';
export { burstsAfterReturn } from './ai-use/burst-after-return.js';
export type { QuestionWindows } from './ai-use/burst-after-return.js';
export { copiedQuestion } from './ai-use/copied-question.js';
export type { CopiedQuestionFacts } from './ai-use/copied-question.js';
export { rewrittenAnswer } from './ai-use/rewritten-answer.js';
export { longestSharedRun, proseWordCount, questionProse, wordsOf } from './ai-use/shared-run.js';
export type { SharedRun } from './ai-use/shared-run.js';
export { rhythmVariation, transcribedAnswer, transcriptionFigures } from './ai-use/transcribed-answer.js';
export { closeWindow, meterEdit, newMeter, windowDue } from './ai-use/typing-meter.js';
export type { EditKind, MeteredEdit, QuestionMeter } from './ai-use/typing-meter.js';
export {
  mergeWindows,
  recordTypingWindow,
  RewriteMeasure,
  TYPING_LIMITS,
  TypingEventInput,
  TypingWindow,
  TypingWindows,
  typingTotals,
  typingWindowOf,
} from './ai-use/typing-window.js';
export type { TypingTotals } from './ai-use/typing-window.js';
export {
  AI_CHECK_MAX_LANGUAGES,
  AI_CHECK_TRIES,
  AiCheck,
  AiCheckLanguageResult,
  AiCheckQuestionResult,
  AiCheckScoring,
  AiCheckState,
  aiCheckAlreadyRunning,
  aiCheckModelAvailable,
  aiCheckResultOf,
  aiCheckSolved,
  aiCheckSummary,
} from './ai/ai-check.js';
export {
  aiCheckAnswerIsRight,
  aiCheckCodeOf,
  aiCheckLanguagesOf,
  aiCheckOptionIdsOf,
  aiCheckRequestOf,
  aiCheckScoringOf,
  aiCheckVersionText,
} from './ai/ai-check-prompt.js';
// Authorship follow-ups (issue 60, item 6; docs/ai.md "Authorship follow-ups").
export { followUpCountFor, followUpKindOf, followUpSecondsOf } from './follow-ups/follow-up-plan.js';
export type { FollowUpKind } from './follow-ups/follow-up-plan.js';
export {
  FOLLOW_UP_RUBRIC,
  FollowUpMark,
  FollowUpRecord,
  FollowUpSource,
  MAX_FOLLOW_UP_ANSWER_CHARS,
  MAX_FOLLOW_UP_QUESTION_CHARS,
  ReportFollowUp,
} from './follow-ups/follow-up-record.js';
export type { FollowUpQuestion } from './follow-ups/follow-up-record.js';
export { quotableLinesOf, templateFollowUps } from './follow-ups/follow-up-templates.js';
export type { FollowUpTemplateInput } from './follow-ups/follow-up-templates.js';
export {
  FOLLOW_UP_ANSWER_CHARS,
  FOLLOW_UP_REPLY_TOKENS,
  followUpPromptOf,
  followUpRequestOf,
  followUpsOf,
  parseFollowUpReply,
} from './follow-ups/follow-up-prompt.js';
export type { FollowUpRequestParts } from './follow-ups/follow-up-prompt.js';
export {
  FOLLOW_UP_GRACE_MS,
  followUpClosed,
  followUpDeadlineOf,
  followUpOpen,
  followUpSecondsLeft,
  followUpToServe,
  recordRefusedPaste,
  saveFollowUpAnswer,
} from './follow-ups/follow-up-timebox.js';
export type { FollowUpSave } from './follow-ups/follow-up-timebox.js';
export { CandidateFollowUps, candidateFollowUpsOf, FollowUpAnswerInput, FollowUpState } from './follow-ups/follow-up-view.js';
export {
  FollowUpMarked,
  FollowUpMarkInput,
  ReviewFollowUpItem,
  reviewFollowUpItemOf,
  ReviewFollowUps,
} from './follow-ups/follow-up-review.js';
export type { FollowUpReviewFacts } from './follow-ups/follow-up-review.js';
