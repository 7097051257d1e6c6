import { z } from 'zod';
import { Id } from '../ids.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { candidateCode, multiLineText } from '../schemas/text-fields.js';
import { AiPolicy } from './ai-settings.js';

/** The longest message a candidate may send the assistant, and the longest answer they may share with it. */
export const MAX_ASSISTANT_MESSAGE_CHARS = 4_000;
export const MAX_SHARED_ANSWER_CHARS = 100_000;
/** A reply is kept up to this many characters (the model is asked for far fewer tokens). */
export const MAX_STORED_REPLY_CHARS = 16_000;
/** The most insertions an attempt records, and the longest one. */
export const MAX_ASSISTANT_INSERTIONS = 1_000;
export const MAX_INSERTION_CHARS = 100_000;
/** Messages that failed before any reply, stored beyond the message budget (decision 1168). */
export const FAILED_MESSAGES_ALLOWANCE = 20;

/** `POST /candidate/v1/{token}/assistant/{questionId}`. */
export const AssistantMessageInput = z
  .strictObject({
    // Prose of several lines, like every candidate's text: controls and bidi overrides refused by name (a reviewer reads it).
    message: multiLineText('message', MAX_ASSISTANT_MESSAGE_CHARS, { description: "The candidate's message, 1–4,000 characters." }),
    shareAnswer: z
      .boolean()
      .default(false)
      .meta({ description: 'The candidate chose to show the assistant their current answer to this question (code, or the text of a written answer).' }),
    answer: candidateCode(MAX_SHARED_ANSWER_CHARS)
      .optional()
      .meta({ description: "The editor's content now, sent with shareAnswer; left out, the saved answer is shared. Ignored without shareAnswer." }),
    language: CodingLanguage.optional().meta({
      description: "The language of `answer` (coding questions); default the saved answer's, else the question's first.",
    }),
  })
  .meta({ id: 'AssistantMessageInput' });
export type AssistantMessageInput = z.infer<typeof AssistantMessageInput>;

/** `POST /candidate/v1/{token}/assistant/{questionId}/insertions`: the page's one-click insertion from a reply. */
export const AssistantInsertionInput = z
  .strictObject({
    messageId: Id.meta({ description: 'The answered reply inserted from.' }),
    chars: z.int().min(1).max(MAX_INSERTION_CHARS).meta({ description: 'How many characters were inserted.' }),
    line: z.int().min(1).max(1_000_000).meta({ description: 'The line of the answer where the insertion starts, from 1.' }),
    column: z.int().min(1).max(1_000_000).meta({ description: 'Its column on that line, from 1.' }),
  })
  .meta({ id: 'AssistantInsertionInput' });
export type AssistantInsertionInput = z.infer<typeof AssistantInsertionInput>;

/**
 * Where a message stands: being answered, answered, withheld by the guarded check, failed (the model did not answer:
 * the candidate saw `failure`), or cancelled (the candidate left while it was answered).
 */
export const AssistantMessageState = z.enum(['pending', 'answered', 'withheld', 'failed', 'cancelled']);
export type AssistantMessageState = z.infer<typeof AssistantMessageState>;

/** Why a guarded reply was withheld: it carried a solution, or the check could not be made. */
export const WithheldReason = z.enum(['solution', 'unchecked']);
export type WithheldReason = z.infer<typeof WithheldReason>;

/** One message of the transcript and its reply, as stored (epoch milliseconds). */
export const AssistantMessageRecord = z
  .object({
    messageId: Id,
    questionId: Id,
    seq: z.int().positive(),
    askedAt: z.number(),
    text: z.string(),
    sharedAnswer: z.boolean(),
    answerChars: z.int().nonnegative(),
    state: AssistantMessageState,
    reply: z.string().nullable(),
    withheldReason: WithheldReason.nullable(),
    failure: z.string().nullable(),
    model: z.string().nullable(),
    policy: AiPolicy,
    policyVersion: z.string(),
    promptTokens: z.int().nonnegative(),
    completionTokens: z.int().nonnegative(),
    tokensEstimated: z.boolean(),
    firstTokenMs: z.int().nonnegative().nullable(),
    answeredAt: z.number().nullable(),
  })
  .meta({ id: 'AssistantMessageRecord' });
export type AssistantMessageRecord = z.infer<typeof AssistantMessageRecord>;

/** One insertion from a reply into the candidate's answer. */
export const AssistantInsertionRecord = z
  .object({
    insertionId: Id,
    messageId: Id,
    questionId: Id,
    at: z.number(),
    chars: z.int().positive(),
    line: z.int().positive(),
    column: z.int().positive(),
  })
  .meta({ id: 'AssistantInsertionRecord' });
export type AssistantInsertionRecord = z.infer<typeof AssistantInsertionRecord>;

/** How a message ends, as the store writes it over its pending row. */
export type AssistantMessageOutcome = {
  readonly state: Exclude<AssistantMessageState, 'pending'>;
  readonly reply: string | null;
  readonly withheldReason: WithheldReason | null;
  readonly failure: string | null;
  readonly model: string | null;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly tokensEstimated: boolean;
  readonly firstTokenMs: number | null;
  readonly answeredAt: number;
};
