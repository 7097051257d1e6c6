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
