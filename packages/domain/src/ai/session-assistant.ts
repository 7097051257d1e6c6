import { z } from 'zod';
import { Id } from '../ids.js';
import { AiPolicy } from './ai-settings.js';
import { remainingOf, AssistantRemaining, type AssistantUsage } from './assistant-budget.js';
import { assistantAvailabilityOf, type AssistantModelStatus } from './assistant-offer.js';
import { ASSISTANT_RECORDED_NOTICE, ASSISTANT_SYSTEM_PROMPTS } from './assistant-prompts.js';
import { assistantOfferedOn, type AssistantQuestionType, type UnversionedAiSnapshot } from './attempt-ai-snapshot.js';

const OfferingPolicy = z.enum(['guarded', 'open']);

/** The assistant as the candidate's session tells it (docs/ai.md, "In the session"). */
export const SessionAssistant = z
  .object({
    fixed: z.boolean().meta({ description: 'True once the attempt started: the policy below is its snapshot; before, what would hold now.' }),
    policyVersion: z.string().nullable().meta({ description: "The attempt's policy version; null before the start." }),
    testPolicy: AiPolicy,
    sections: z.array(z.object({ sectionId: Id, aiPolicy: AiPolicy })),
    questions: z
      .array(z.object({ questionId: Id, aiPolicy: AiPolicy, offered: z.boolean(), messages: z.int().nonnegative() }))
      .meta({ description: 'While the attempt runs, each asked question: its policy, whether the assistant is offered on it, messages sent on it.' }),
    budget: z.object({ messages: z.int().positive(), tokens: z.int().positive() }),
    remaining: AssistantRemaining,
    available: z.boolean(),
    unavailableReason: z.string().nullable().meta({ description: 'Why the assistant cannot answer now, in one sentence for the candidate; null when it can.' }),
    model: z
      .object({ name: z.string(), host: z.string() })
      .nullable()
      .meta({ description: 'The model and the host it runs on (the operator’s choice); null when none is configured.' }),
    recorded: z.string().meta({ description: 'What is recorded and who sees it, in one sentence.' }),
    systemPrompts: z
      .array(z.object({ aiPolicy: OfferingPolicy, text: z.string() }))
      .meta({ description: 'The system prompt of each policy in use, word for word.' }),
    followUps: z
      .object({ count: z.int().min(0), seconds: z.int().positive(), byModel: z.boolean() })
      .optional()
      .meta({
        description:
          'Authorship follow-ups (docs/ai.md): how many short questions follow each submitted coding or written answer, the seconds for each, and whether the operator’s model writes them (the answer is then sent to it). Absent from a server older than them.',
      }),
  })
  .meta({ id: 'SessionAssistant' });
export type SessionAssistant = z.infer<typeof SessionAssistant>;

export interface SessionAssistantParts {
  /** The attempt's snapshot, or before the start what would be fixed now. */
  readonly snapshot: UnversionedAiSnapshot;
  /** The attempt has started: the snapshot is the attempt's (none for one started before it was recorded). */
  readonly fixed: boolean;
  readonly version: string | null;
  /** The asked questions with their section and type, while the attempt runs (none otherwise). */
  readonly questions: readonly { readonly questionId: number; readonly sectionId: number; readonly type: AssistantQuestionType }[];
  readonly messagesByQuestion: ReadonlyMap<number, number>;
  readonly usage: AssistantUsage;
  readonly orgEnabled: boolean;
  readonly model: AssistantModelStatus;
}

export const sessionAssistantOf = ({
  snapshot,
  fixed,
  version,
  questions,
  messagesByQuestion,
  usage,
  orgEnabled,
  model,
}: SessionAssistantParts): SessionAssistant => {
  const policyOf = (sectionId: number) => snapshot.sections.find((section) => section.sectionId === sectionId)?.aiPolicy ?? 'none';
  const inUse = new Set(snapshot.sections.map((section) => section.aiPolicy));
  const offeredSomewhere =
    questions.length > 0 ? questions.some((q) => assistantOfferedOn(policyOf(q.sectionId), q.type)) : inUse.has('guarded') || inUse.has('open');
  const { settings } = snapshot;
  return {
    fixed,
    policyVersion: version,
    testPolicy: settings.aiPolicy,
    sections: snapshot.sections,
    questions: questions.map(({ questionId, sectionId, type }) => ({
      questionId,
      aiPolicy: policyOf(sectionId),
      offered: assistantOfferedOn(policyOf(sectionId), type),
      messages: messagesByQuestion.get(questionId) ?? 0,
    })),
    budget: { messages: settings.assistantMessages, tokens: settings.assistantTokens },
    remaining: remainingOf(settings, usage),
    ...assistantAvailabilityOf(offeredSomewhere, orgEnabled, model),
    model: model.configured ? { name: model.name, host: model.host } : null,
    recorded: ASSISTANT_RECORDED_NOTICE,
    systemPrompts: OfferingPolicy.options.filter((policy) => inUse.has(policy)).map((policy) => ({ aiPolicy: policy, text: ASSISTANT_SYSTEM_PROMPTS[policy] })),
    followUps: { count: settings.followUps, seconds: settings.followUpSeconds, byModel: settings.followUps > 0 && orgEnabled && model.configured },
  };
};
