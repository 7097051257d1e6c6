import type { Config } from '@assay/config';
import type { ModelAvailability } from '@assay/domain/ai';
import type { Store } from '@assay/store';

/** Whether this Assay has a model for the assistant: configured by the operator (docs/ai.md). */
export const modelAvailabilityOf = (config: Pick<Config, 'ai'>): ModelAvailability =>
  config.ai
    ? { available: true, model: config.ai.model }
    : { available: false, reason: 'no model is configured on this Assay (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL are not set)' };

/**
 * The model as one org may offer it: an org that switched the assistant off has none (decision 1161), so a test or a
 * settings change offering it is refused (400.31) as on a server without a model.
 */
export const orgModelAvailability = async (store: Store, model: ModelAvailability, orgId: number): Promise<ModelAvailability> =>
  model.available && (await store.assistant.orgSwitch(orgId)) === false
    ? { available: false, reason: 'the organization has switched the assistant off (PUT /v2/org/ai-settings {"assistantEnabled": true} switches it on)' }
    : model;
