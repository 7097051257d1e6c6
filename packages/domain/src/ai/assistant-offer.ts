import { ok, refuse, type Result } from '../result.js';
import type { AiPolicy } from './ai-settings.js';
import { assistantOfferedOn, type AssistantQuestionType } from './attempt-ai-snapshot.js';

/** The model as the assistant sees it now: configured or not, and whether it answered when last asked (null: not asked yet). */
export type AssistantModelStatus =
  | { readonly configured: false }
  | { readonly configured: true; readonly name: string; readonly host: string; readonly answers: boolean | null };

/** How long a candidate is told to wait when no model is configured: an operator's change, not a moment's. */
export const NO_MODEL_RETRY_AFTER_SECONDS = 300;

const NOT_OFFERED: Record<AiPolicy, string> = {
  none: 'This question does not offer an AI assistant: the test allows no AI here.',
  guarded: 'The assistant is not offered on choice questions in this test: naming an option would be the answer.',
  open: '',
};
const ORG_SWITCHED_OFF = 'The hiring organization has switched the AI assistant off. Carry on without it; your answers are not affected.';
const NO_MODEL = 'No AI model is set up on this Assay, so the assistant cannot answer. Carry on without it; your answers are not affected.';
const MODEL_SILENT = "The assistant's model is not answering right now; try again in a minute. Your test goes on and nothing is lost.";

/**
 * Whether a message on a question may go to the model (decisions 1161, 1163): the question must be offered the
 * assistant under the attempt's policy (403.71), the org's switch on (403.71: it is the org's choice, not a moment's),
 * and a model configured (503.71). A configured model that failed its last probe is still tried: it may be back.
 */
export const assistantOfferFor = (
  policy: AiPolicy,
  type: AssistantQuestionType,
  orgEnabled: boolean,
  model: AssistantModelStatus,
): Result<{ readonly model: string }> => {
  if (!assistantOfferedOn(policy, type)) return refuse('assistant-not-offered', NOT_OFFERED[policy]);
  if (!orgEnabled) return refuse('assistant-not-offered', ORG_SWITCHED_OFF);
  if (!model.configured) return refuse('assistant-model-unavailable', NO_MODEL, NO_MODEL_RETRY_AFTER_SECONDS);
  return ok({ model: model.name });
};

/** Whether the candidate's page may show the assistant as ready, or the sentence that says why not. */
export const assistantAvailabilityOf = (
  offeredSomewhere: boolean,
  orgEnabled: boolean,
  model: AssistantModelStatus,
): { readonly available: boolean; readonly unavailableReason: string | null } => {
  const reason = !offeredSomewhere
    ? 'This test does not offer an AI assistant.'
    : !orgEnabled
      ? ORG_SWITCHED_OFF
      : !model.configured
        ? NO_MODEL
        : model.answers === false
          ? MODEL_SILENT
          : null;
  return { available: reason === null, unavailableReason: reason };
};
