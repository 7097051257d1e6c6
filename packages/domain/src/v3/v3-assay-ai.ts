import { z } from 'zod';
import { AiPolicy } from '../ai/ai-settings.js';
import type { ReportAi } from '../ai/report-ai.js';

const Count = z.int().nonnegative();

/**
 * v3's report's Assay extension `assayAi` (issue 60 item 4, decision 1262): the attempt's AI policy and what its
 * assistant was used for, in counts. v3's report carries scores, never answers, so it carries no message or reply
 * either: the words are on v2's `/details` (`ai`) and in the PDF.
 */
export const V3AssayAi = z
  .object({
    policy: AiPolicy.meta({ description: "The test's AI policy as fixed when the attempt started." }),
    policyVersion: z.string().meta({ description: 'The version of that policy (its settings and system prompt), as on /details.' }),
    sectionPolicies: z.array(z.object({ sectionId: z.int().positive(), aiPolicy: AiPolicy })),
    models: z.array(z.string()).meta({ description: 'The models that answered, as their server named them.' }),
    messages: Count,
    withheld: Count.meta({ description: 'Replies withheld by the guarded check.' }),
    failed: Count.meta({ description: 'Messages the model did not answer.' }),
    insertions: Count,
    insertedChars: Count.meta({ description: "Characters inserted from the assistant's replies into the answers." }),
    promptTokens: Count,
    completionTokens: Count,
    followUps: Count.meta({ description: 'Authorship follow-ups asked (their texts and answers are on /details).' }),
  })
  .meta({ id: 'V3AssayAi' });
export type V3AssayAi = z.infer<typeof V3AssayAi>;

export const v3AssayAiOf = (ai: ReportAi): V3AssayAi => ({
  policy: ai.policy.testPolicy,
  policyVersion: ai.policy.version,
  sectionPolicies: ai.policy.sections.map(({ sectionId, aiPolicy }) => ({ sectionId, aiPolicy })),
  models: ai.models,
  ...ai.totals,
  followUps: ai.followUps.length,
});
