import { z } from 'zod';
import { Id } from '../ids.js';
import { AiPolicy } from './ai-settings.js';
import { AssistantInsertionRecord, AssistantMessageState, WithheldReason, type AssistantMessageRecord } from './assistant-transcript.js';
import type { AttemptAiSnapshot } from './attempt-ai-snapshot.js';
import { ReportFollowUp } from '../follow-ups/follow-up-record.js';

const Count = z.int().nonnegative();

/** One message of the transcript as the report shows it: the candidate's words and the reply, withheld ones included. */
export const ReportAiMessage = z
  .object({
    messageId: Id,
    questionId: Id,
    askedAt: z.number(),
    text: z.string(),
    sharedAnswer: z.boolean(),
    answerChars: Count,
    state: AssistantMessageState,
    reply: z.string().nullable().meta({ description: "The model's reply; for a withheld one, the text the candidate did not see." }),
    withheldReason: WithheldReason.nullable(),
    failure: z.string().nullable().meta({ description: 'The sentence the candidate saw when the model did not answer.' }),
    model: z.string().nullable(),
    promptTokens: Count,
    completionTokens: Count,
    tokensEstimated: z.boolean(),
    firstTokenMs: Count.nullable(),
    answeredAt: z.number().nullable(),
  })
  .meta({ id: 'ReportAiMessage' });
export type ReportAiMessage = z.infer<typeof ReportAiMessage>;

const Tally = { messages: Count, withheld: Count, failed: Count, insertions: Count, insertedChars: Count };

/** The attempt's AI policy, its assistant's transcript and insertions (issue 60 item 4; docs/ai.md, "The transcript"). */
export const ReportAi = z
  .object({
    policy: z.object({
      testPolicy: AiPolicy,
      version: z.string(),
      sections: z.array(z.object({ sectionId: Id, aiPolicy: AiPolicy })),
      assistantMessages: z.int().positive(),
      assistantTokens: z.int().positive(),
    }),
    models: z.array(z.string()).meta({ description: 'The models that answered, as their server named them.' }),
    totals: z.object({ ...Tally, promptTokens: Count, completionTokens: Count }),
    questions: z.array(z.object({ questionId: Id, aiPolicy: AiPolicy, ...Tally })),
    messages: z.array(ReportAiMessage),
    insertions: z.array(AssistantInsertionRecord),
    followUps: z.array(ReportFollowUp).meta({
      description:
        'Authorship follow-ups (docs/ai.md): each question asked about a submitted coding or written answer, who wrote it (model or template), its timer, the answer (as sent, or as saved when the time was up), refused pastes and a reviewer’s mark. Marks never change the score.',
    }),
  })
  .meta({ id: 'ReportAi' });
export type ReportAi = z.infer<typeof ReportAi>;

type TallyOf = { messages: number; withheld: number; failed: number; insertions: number; insertedChars: number };

/**
 * The report's `ai` from the attempt's snapshot and transcript: counts per question (each question the candidate
 * wrote about, in the order of their first message), every message and insertion in order.
 */
export const reportAiOf = (
  snapshot: AttemptAiSnapshot,
  sectionOfQuestion: ReadonlyMap<number, number>,
  messages: readonly AssistantMessageRecord[],
  insertions: readonly AssistantInsertionRecord[],
  followUps: readonly ReportFollowUp[] = [],
): ReportAi => {
  const tallies = new Map<number, TallyOf>();
  const tallyOf = (questionId: number) => {
    let tally = tallies.get(questionId);
    if (!tally) tallies.set(questionId, (tally = { messages: 0, withheld: 0, failed: 0, insertions: 0, insertedChars: 0 }));
    return tally;
  };
  for (const message of messages) {
    const tally = tallyOf(message.questionId);
    tally.messages += 1;
    if (message.state === 'withheld') tally.withheld += 1;
    if (message.state === 'failed') tally.failed += 1;
  }
  for (const insertion of insertions) {
    const tally = tallyOf(insertion.questionId);
    tally.insertions += 1;
    tally.insertedChars += insertion.chars;
  }
  const policyOf = (questionId: number) =>
    snapshot.sections.find((section) => section.sectionId === sectionOfQuestion.get(questionId))?.aiPolicy ?? snapshot.settings.aiPolicy;
  const sum = (pick: (tally: TallyOf) => number) => [...tallies.values()].reduce((total, tally) => total + pick(tally), 0);
  return {
    policy: {
      testPolicy: snapshot.settings.aiPolicy,
      version: snapshot.version,
      sections: snapshot.sections,
      assistantMessages: snapshot.settings.assistantMessages,
      assistantTokens: snapshot.settings.assistantTokens,
    },
    models: [...new Set(messages.flatMap((message) => (message.model ? [message.model] : [])))],
    totals: {
      messages: sum((tally) => tally.messages),
      withheld: sum((tally) => tally.withheld),
      failed: sum((tally) => tally.failed),
      insertions: sum((tally) => tally.insertions),
      insertedChars: sum((tally) => tally.insertedChars),
      promptTokens: messages.reduce((total, message) => total + message.promptTokens, 0),
      completionTokens: messages.reduce((total, message) => total + message.completionTokens, 0),
    },
    questions: [...tallies].map(([questionId, tally]) => ({ questionId, aiPolicy: policyOf(questionId), ...tally })),
    messages: messages.map(({ seq: _seq, policy: _policy, policyVersion: _version, ...message }) => message),
    insertions: [...insertions],
    followUps: [...followUps],
  };
};
