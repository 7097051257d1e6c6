import { z } from 'zod';
import { Id } from '../ids.js';
import { AiPolicy } from './ai-settings.js';
import { AssistantRemaining } from './assistant-budget.js';
import { AssistantMessageState, WithheldReason } from './assistant-transcript.js';

/**
 * One event of the assistant's reply stream (`POST /candidate/v1/{token}/assistant/{questionId}`, docs/ai.md "Sending
 * a message"), as a reader decodes it: the event's name beside its data. Unknown events are for newer servers and are
 * skipped by readers, so the union is closed here.
 */
export const AssistantStreamEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('accepted'),
    data: z.object({ messageId: Id, questionId: Id, aiPolicy: AiPolicy, policyVersion: z.string() }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('checking'), data: z.object({}) }),
  z.object({ event: z.literal('withheld'), data: z.object({ reason: WithheldReason, message: z.string() }) }),
  z.object({
    event: z.literal('done'),
    data: z.object({
      messageId: Id,
      state: AssistantMessageState,
      model: z.string().nullable(),
      usage: z.object({ promptTokens: z.int().nonnegative(), completionTokens: z.int().nonnegative(), estimated: z.boolean() }),
      remaining: AssistantRemaining,
    }),
  }),
  z.object({
    event: z.literal('error'),
    data: z.object({ messageId: Id, kind: z.string(), message: z.string(), remaining: AssistantRemaining.optional() }),
  }),
]);
export type AssistantStreamEvent = z.infer<typeof AssistantStreamEvent>;
