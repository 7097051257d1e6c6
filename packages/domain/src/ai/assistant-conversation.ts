import { z } from 'zod';
import { Id } from '../ids.js';
import { ok, refuse, type Result } from '../result.js';
import { AiPolicy } from './ai-settings.js';
import { AssistantRemaining } from './assistant-budget.js';
import { WITHHELD_SOLUTION_MESSAGE, WITHHELD_UNCHECKED_MESSAGE } from './assistant-prompts.js';
import { AssistantMessageState, type AssistantInsertionRecord, type AssistantMessageRecord } from './assistant-transcript.js';

/** `GET /candidate/v1/{token}/assistant/{questionId}`: the conversation so far, as the candidate saw it. */
export const AssistantConversation = z
  .object({
    questionId: Id,
    aiPolicy: AiPolicy,
    offered: z.boolean(),
    messages: z.array(
      z.object({
        messageId: Id,
        askedAt: z.string(),
        text: z.string(),
        sharedAnswer: z.boolean(),
        state: AssistantMessageState,
        reply: z.string().nullable().meta({
          description: 'The reply as the candidate saw it: a withheld one is the sentence shown instead; a failed one the part that streamed, or null.',
        }),
        failure: z.string().nullable(),
        insertions: z.int().nonnegative().meta({ description: 'Insertions made from this reply.' }),
      }),
    ),
    remaining: AssistantRemaining,
  })
  .meta({ id: 'AssistantConversation' });
export type AssistantConversation = z.infer<typeof AssistantConversation>;

/** `POST …/insertions` answers the insertion as recorded. */
export const AssistantInsertionRecorded = z
  .object({ insertionId: Id, messageId: Id, questionId: Id, at: z.string() })
  .meta({ id: 'AssistantInsertionRecorded' });
export type AssistantInsertionRecorded = z.infer<typeof AssistantInsertionRecorded>;

const iso = (at: number) => new Date(at).toISOString();

/** What the candidate sees of their transcript: never a withheld reply's text (decision 1166). */
export const conversationOf = (
  question: { readonly questionId: number; readonly aiPolicy: AiPolicy; readonly offered: boolean },
  messages: readonly AssistantMessageRecord[],
  insertions: readonly AssistantInsertionRecord[],
  remaining: AssistantRemaining,
): AssistantConversation => ({
  ...question,
  messages: messages.map((message) => ({
    messageId: message.messageId,
    askedAt: iso(message.askedAt),
    text: message.text,
    sharedAnswer: message.sharedAnswer,
    state: message.state,
    reply:
      message.state === 'withheld'
        ? message.withheldReason === 'unchecked'
          ? WITHHELD_UNCHECKED_MESSAGE
          : WITHHELD_SOLUTION_MESSAGE
        : message.state === 'pending'
          ? null
          : message.reply,
    failure: message.failure,
    insertions: insertions.filter((insertion) => insertion.messageId === message.messageId).length,
  })),
  remaining,
});

/**
 * Whether an insertion may be recorded from `message` (decision 1162): it must be an answered reply on this question
 * of this attempt (a withheld, failed or pending one offers nothing to insert), within the attempt's bound.
 */
export const insertionAdmission = (message: AssistantMessageRecord | undefined, recorded: number, bound: number): Result<void> => {
  if (message === undefined || message.state !== 'answered')
    return refuse('assistant-reply-not-found', 'No answered reply of the assistant has that messageId on this question.');
  if (recorded >= bound) return refuse('assistant-budget-spent', `This attempt has recorded ${recorded} insertions from the assistant, the most it keeps.`);
  return ok(undefined);
};
