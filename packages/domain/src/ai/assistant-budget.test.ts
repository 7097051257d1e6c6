import { describe, expect, it } from 'vitest';
import { admitAssistantMessage, MAX_REPLY_TOKENS, NO_ASSISTANT_USAGE, STALE_PENDING_MS } from './assistant-budget.js';

const budget = { assistantMessages: 3, assistantTokens: 2_000 };
const NOW = 1_000_000_000;

describe('admitAssistantMessage', () => {
  it('admits within the budget, asking for at most what remains', () => {
    expect(admitAssistantMessage(budget, NO_ASSISTANT_USAGE, NOW).val).toEqual({
      failStalePending: false,
      maxReplyTokens: MAX_REPLY_TOKENS,
      remaining: { messages: 3, tokens: 2_000 },
    });
    expect(admitAssistantMessage(budget, { messages: 2, tokens: 1_500, stored: 2, pendingSince: null }, NOW).val?.maxReplyTokens).toBe(500);
  });

  it('refuses a second message while one is answered, unless that one is stale', () => {
    expect(admitAssistantMessage(budget, { ...NO_ASSISTANT_USAGE, pendingSince: NOW - 1_000 }, NOW).err?.kind).toBe('assistant-message-in-flight');
    expect(admitAssistantMessage(budget, { ...NO_ASSISTANT_USAGE, stored: 1, pendingSince: NOW - STALE_PENDING_MS }, NOW).val?.failStalePending).toBe(true);
  });

  it('refuses when messages or tokens are spent, saying what remains, and past the record’s bound', () => {
    const messages = admitAssistantMessage(budget, { messages: 3, tokens: 100, stored: 3, pendingSince: null }, NOW).err;
    expect(messages).toMatchObject({ kind: 'assistant-budget-spent', message: expect.stringContaining('0 message(s) and 1900 token(s) remain') });
    expect(admitAssistantMessage(budget, { messages: 1, tokens: 2_400, stored: 1, pendingSince: null }, NOW).err?.message).toContain(
      '2 message(s) and 0 token(s)',
    );
    expect(admitAssistantMessage(budget, { messages: 0, tokens: 0, stored: 23, pendingSince: null }, NOW).err?.message).toMatch(/failed too often/);
  });
});
