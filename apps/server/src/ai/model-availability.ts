import type { Config } from '@assay/config';
import type { ModelAvailability } from '@assay/domain/ai';

/** Whether this Assay has a model for the assistant: configured by the operator (docs/ai.md). */
export const modelAvailabilityOf = (config: Pick<Config, 'ai'>): ModelAvailability =>
  config.ai
    ? { available: true, model: config.ai.model }
    : { available: false, reason: 'no model is configured on this Assay (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL are not set)' };
