import { z } from 'zod';

/**
 * What a test lets a candidate do with AI (issue 60, docs/ai.md), per test and per section:
 * - `none`: no assistant; the page says AI is not allowed, and the AI-use evidence is gathered as for any test.
 * - `guarded`: an assistant that explains, points at bugs and answers syntax and concepts, and withholds a reply that
 *   carries a whole solution.
 * - `open`: an assistant that may write code; the hiring team judges how well the candidate uses it.
 * Every policy records the same evidence; no policy changes a score.
 */
export const AiPolicy = z.enum(['none', 'guarded', 'open']).meta({
  id: 'AiPolicy',
  description:
    'What the candidate may do with AI: none (no assistant, the default), guarded (an assistant that explains and never writes the solution) or open (an assistant that may write code). Every message and every insertion is recorded; AI never scores.',
});
export type AiPolicy = z.infer<typeof AiPolicy>;

export const MAX_FOLLOW_UPS = 3;

/** A test's AI settings: its policy (a section may have its own), authorship follow-ups, and the assistant's budget per attempt. */
export const AiSettings = z
  .strictObject({
    aiPolicy: AiPolicy,
    followUps: z
      .int()
      .min(0)
      .max(MAX_FOLLOW_UPS)
      .meta({ description: 'Authorship follow-ups after each coding or written answer: 0 (none) to 3 short questions about what the candidate wrote.' }),
    followUpSeconds: z.int().min(30).max(600).meta({ description: 'The time for each follow-up question, in seconds (default 120).' }),
    assistantMessages: z.int().min(1).max(500).meta({ description: 'The most messages a candidate may send the assistant in one attempt.' }),
    assistantTokens: z
      .int()
      .min(1_000)
      .max(1_000_000)
      .meta({ description: "The most tokens (the model's count of prompt and reply together) one attempt may spend." }),
  })
  .meta({ id: 'AiSettings' });
export type AiSettings = z.infer<typeof AiSettings>;

/** How a test definition names its AI settings; each left out takes its default. */
export const DefinitionAiSettings = AiSettings.partial().meta({
  id: 'DefinitionAiSettings',
  description:
    'The test’s AI settings (docs/ai.md); each one left out takes its default: aiPolicy none, no follow-ups, 120 s each, 30 messages and 40,000 tokens per attempt.',
});

export const DEFAULT_AI_SETTINGS: AiSettings = {
  aiPolicy: 'none',
  followUps: 0,
  followUpSeconds: 120,
  assistantMessages: 30,
  assistantTokens: 40_000,
};

/** A test's AI settings before anyone changed them: what its definition says, the defaults for the rest. */
export const defaultAiSettingsOf = (definition: { readonly ai?: Partial<AiSettings> | undefined }): AiSettings => ({
  ...DEFAULT_AI_SETTINGS,
  ...Object.fromEntries(Object.entries(definition.ai ?? {}).filter(([, value]) => value !== undefined)),
});

/** The policy that holds in a section: its own, else the test's. */
export const sectionAiPolicyOf = (settings: Pick<AiSettings, 'aiPolicy'>, section: { readonly aiPolicy?: AiPolicy | undefined }): AiPolicy =>
  section.aiPolicy ?? settings.aiPolicy;

/** Every policy that holds somewhere in the test, in the order none, guarded, open. */
export const aiPoliciesInUse = (settings: Pick<AiSettings, 'aiPolicy'>, sections: readonly { readonly aiPolicy?: AiPolicy | undefined }[]): AiPolicy[] => {
  const used = new Set(sections.map((section) => sectionAiPolicyOf(settings, section)));
  return AiPolicy.options.filter((policy) => used.has(policy));
};

/** Whether any section offers the assistant: then the test needs a model. Follow-ups do not (templates stand in). */
export const needsModel = (settings: Pick<AiSettings, 'aiPolicy'>, sections: readonly { readonly aiPolicy?: AiPolicy | undefined }[]): boolean =>
  aiPoliciesInUse(settings, sections).some((policy) => policy !== 'none');
