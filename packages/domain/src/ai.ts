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
} from './ai-use/typing-window.js';
export type { TypingTotals } from './ai-use/typing-window.js';
