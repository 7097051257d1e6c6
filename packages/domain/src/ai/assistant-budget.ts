import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';
import type { AiSettings } from './ai-settings.js';
import { FAILED_MESSAGES_ALLOWANCE } from './assistant-transcript.js';

/** What an attempt has spent of its assistant budget, counted from its stored transcript (decision 1168). */
export interface AssistantUsage {
  /** Messages that count: every one but those that failed before any reply. */
  readonly messages: number;
  /** Prompt and completion tokens of every message. */
  readonly tokens: number;
  /** Every stored message, failures included: what bounds the record. */
  readonly stored: number;
  /** When the message being answered now was sent; null when none is. */
  readonly pendingSince: number | null;
}

export const NO_ASSISTANT_USAGE: AssistantUsage = { messages: 0, tokens: 0, stored: 0, pendingSince: null };

export const AssistantRemaining = z
  .object({ messages: z.int().nonnegative(), tokens: z.int().nonnegative() })
  .meta({ id: 'AssistantRemaining', description: 'What is left of the attempt’s assistant budget.' });
export type AssistantRemaining = z.infer<typeof AssistantRemaining>;

/** The most tokens one reply may take, whatever remains: a hint is short, and a long reply holds the model. */
export const MAX_REPLY_TOKENS = 1_024;

/**
 * A message left pending this long was being answered by a process that stopped (a crash, a restart): the next
 * message fails it rather than wait for ever (decision 1169). Longer than any answer: the model's silence timeout
 * is at most 10 minutes between tokens, but a whole reply of MAX_REPLY_TOKENS streams in well under this.
 */
export const STALE_PENDING_MS = 5 * 60_000;

export const remainingOf = (settings: Pick<AiSettings, 'assistantMessages' | 'assistantTokens'>, usage: AssistantUsage): AssistantRemaining => ({
  messages: Math.max(0, settings.assistantMessages - usage.messages),
  tokens: Math.max(0, settings.assistantTokens - usage.tokens),
});

const spentMessage = (remaining: AssistantRemaining): string =>
  `The assistant's budget for this attempt is used up: ${remaining.messages} message(s) and ${remaining.tokens} token(s) remain. Carry on without it; your answers are not affected.`;

/** What sending one more message may do: fail a stale pending one first, and ask the model for at most this many tokens. */
export interface AssistantAdmission {
  readonly failStalePending: boolean;
  readonly maxReplyTokens: number;
  readonly remaining: AssistantRemaining;
}

/**
 * Whether the attempt may send one more message now (the question's offer and the model are checked before): one at
 * a time (409.71, unless the one pending is stale), within its messages and tokens (429.71, saying what remains), and
 * within the stored record's bound (failures included).
 */
export const admitAssistantMessage = (
  settings: Pick<AiSettings, 'assistantMessages' | 'assistantTokens'>,
  usage: AssistantUsage,
  now: number,
): Result<AssistantAdmission> => {
  const stale = usage.pendingSince !== null && now - usage.pendingSince >= STALE_PENDING_MS;
  if (usage.pendingSince !== null && !stale)
    return refuse('assistant-message-in-flight', 'The assistant is still answering your last message: wait for its reply (or its end) before sending another.');
  const remaining = remainingOf(settings, usage);
  if (remaining.messages === 0 || remaining.tokens === 0) return refuse('assistant-budget-spent', spentMessage(remaining));
  if (usage.stored >= settings.assistantMessages + FAILED_MESSAGES_ALLOWANCE)
    return refuse(
      'assistant-budget-spent',
      `The assistant failed too often in this attempt for more messages to be kept (${usage.stored} stored). Carry on without it; your answers are not affected.`,
    );
  return ok({ failStalePending: stale, maxReplyTokens: Math.min(MAX_REPLY_TOKENS, remaining.tokens), remaining });
};
