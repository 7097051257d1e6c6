import { ok, refuse, type Result } from '../result.js';

/**
 * Whether this Assay has a model to offer candidates: configured (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL) and switched on
 * for the org. A test whose policy needs the assistant is refused at import and at a settings change without one, as
 * a test in a language no process can run is (400.31), so the author learns it then, not when a candidate opens the panel.
 */
export type ModelAvailability = { readonly available: true; readonly model: string } | { readonly available: false; readonly reason: string };

export const assistantAvailable = (needed: boolean, model: ModelAvailability): Result<void> => {
  if (!needed || model.available) return ok(undefined);
  return refuse(
    'model-unavailable',
    `The test offers candidates an AI assistant (aiPolicy guarded or open), but ${model.reason}. Configure a model (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL, docs/ai.md) or set aiPolicy to none.`,
  );
};
