import { z } from 'zod';
import { Id } from '../ids.js';
import { AiPolicy, AiSettings, sectionAiPolicyOf } from './ai-settings.js';

/**
 * What an attempt holds to for AI, fixed when it starts (decision 1160): the test's AI settings then, each section's
 * effective policy, and a version naming that policy and the system prompts' words. Everything during the attempt
 * reads this, never the live settings, so a settings change never moves an attempt under way.
 */
export const AttemptAiSnapshot = z
  .object({
    settings: AiSettings,
    sections: z.array(z.object({ sectionId: Id, aiPolicy: AiPolicy })),
    version: z.string().regex(/^[0-9a-f]{12}$/),
    noticeAcknowledgedAt: z.iso.datetime().optional().meta({
      description:
        "When the candidate acknowledged the landing page's AI notice before starting (decision 1181); absent: the start did not say (an API start).",
    }),
  })
  .meta({ id: 'AttemptAiSnapshot' });
export type AttemptAiSnapshot = z.infer<typeof AttemptAiSnapshot>;

/** The snapshot before its version: what the version is computed from (with the prompts' words). */
export type UnversionedAiSnapshot = Omit<AttemptAiSnapshot, 'version' | 'noticeAcknowledgedAt'>;

export const unversionedAiSnapshotOf = (
  settings: AiSettings,
  sections: readonly { readonly id: number; readonly aiPolicy?: AiPolicy | undefined }[],
): UnversionedAiSnapshot => ({
  settings,
  sections: sections.map((section) => ({ sectionId: section.id, aiPolicy: sectionAiPolicyOf(settings, section) })),
});

/**
 * An attempt without a snapshot (started before migration 054) offers no assistant: nothing was promised to the
 * candidate before its start (decision 1160).
 */
export const NO_AI_SNAPSHOT_POLICY: AiPolicy = 'none';

/** The policy that holds for a question of `sectionId` in an attempt: the snapshot's, `none` without one. */
export const attemptAiPolicyOf = (snapshot: AttemptAiSnapshot | null, sectionId: number): AiPolicy =>
  snapshot?.sections.find((section) => section.sectionId === sectionId)?.aiPolicy ?? NO_AI_SNAPSHOT_POLICY;

/** Question types as the assistant sorts them. */
export type AssistantQuestionType = 'single_choice' | 'multiple_choice' | 'coding' | 'short_answer' | 'free_text';

/**
 * Whether the assistant is offered on a question under `policy` (decision 1163): never under `none`; under `guarded`
 * on coding and written questions only, since naming an option is a choice question's whole answer; under `open`
 * everywhere.
 */
export const assistantOfferedOn = (policy: AiPolicy, type: AssistantQuestionType): boolean =>
  policy === 'open' || (policy === 'guarded' && type !== 'single_choice' && type !== 'multiple_choice');

/** `POST /candidate/v1/{token}/start`'s optional body: the page read the AI notice to the candidate, who acknowledged it. */
export const CandidateStartInput = z
  .strictObject({
    aiNoticeAcknowledged: z
      .boolean()
      .optional()
      .meta({ description: "The candidate acknowledged the landing page's AI notice (the policy, what is recorded, whose model); recorded with the attempt." }),
  })
  .meta({ id: 'CandidateStartInput' });
export type CandidateStartInput = z.infer<typeof CandidateStartInput>;
