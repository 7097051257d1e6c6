import { z } from 'zod';
import { ASSISTANT_SYSTEM_PROMPTS } from './assistant-prompts.js';

/** `PUT /v2/org/ai-settings`: the org's switch for the assistant (decision 1161). */
export const OrgAiSettingsInput = z
  .strictObject({
    assistantEnabled: z.boolean().meta({
      description:
        "false switches the AI assistant off for the org's candidates at once (running attempts included) and refuses policies that offer it (400.31); true switches it back on.",
    }),
  })
  .meta({ id: 'OrgAiSwitch' });
export type OrgAiSettingsInput = z.infer<typeof OrgAiSettingsInput>;

/** `GET /v2/org/ai-settings`: the switch, the operator's model, and the system prompts candidates' assistants follow. */
export const OrgAiSettings = OrgAiSettingsInput.extend({
  model: z
    .object({ name: z.string(), host: z.string() })
    .nullable()
    .meta({ description: 'The model this Assay is configured with (ASSAY_AI_MODEL) and the host it runs on; null when none is.' }),
  systemPrompts: z.array(z.object({ aiPolicy: z.enum(['guarded', 'open']), text: z.string() })).meta({ description: 'Word for word (docs/ai.md).' }),
}).meta({ id: 'OrgAiSettings' });
export type OrgAiSettings = z.infer<typeof OrgAiSettings>;

export const orgAiSettingsOf = (assistantEnabled: boolean, model: { readonly name: string; readonly host: string } | null): OrgAiSettings => ({
  assistantEnabled,
  model,
  systemPrompts: (['guarded', 'open'] as const).map((aiPolicy) => ({ aiPolicy, text: ASSISTANT_SYSTEM_PROMPTS[aiPolicy] })),
});
