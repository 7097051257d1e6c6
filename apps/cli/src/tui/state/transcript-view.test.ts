import { describe, expect, it } from 'vitest';
import type { ReportAi } from '@assay/domain/ai';
import { transcriptLines } from './transcript-view.js';

const AT = Date.UTC(2026, 4, 1, 10, 0, 0);
const ai = (testPolicy: 'none' | 'guarded', extra: Partial<ReportAi> = {}): ReportAi => ({
  policy: { testPolicy, version: '3f9a0c1d2b4e', sections: [], assistantMessages: 30, assistantTokens: 40_000 },
  models: [],
  totals: { messages: 0, withheld: 0, failed: 0, insertions: 0, insertedChars: 0, promptTokens: 0, completionTokens: 0 },
  questions: [],
  messages: [],
  insertions: [],
  followUps: [],
  ...extra,
});
const textOf = (data: Parameters<typeof transcriptLines>[0], width = 80) => transcriptLines(data, width).map((line) => line.text);

describe('the transcript screen’s lines (decision 1264)', () => {
  it('tell an unused assistant from one the policy never offered, and an attempt without an AI record', () => {
    expect(textOf({ ai: ai('guarded'), numbers: new Map() })).toContain('The assistant was not used.');
    expect(textOf({ ai: ai('none'), numbers: new Map() })).toContain('The policy offered no assistant.');
    expect(textOf({ ai: null, numbers: new Map() })[0]).toMatch(/^No AI record/);
  });

  it('show a failed message, and each follow-up with its source, mark and answer under its question', () => {
    const failed = {
      messageId: 9,
      questionId: 4,
      askedAt: AT,
      text: 'Hello?',
      sharedAnswer: false,
      answerChars: 0,
      state: 'failed' as const,
      reply: null,
      withheldReason: null,
      failure: 'The assistant is not answering right now.',
      model: null,
      promptTokens: 0,
      completionTokens: 0,
      tokensEstimated: false,
      firstTokenMs: null,
      answeredAt: null,
    };
    const followUp = {
      questionId: 4,
      position: 0,
      text: 'What does line 2 do?',
      source: 'template' as const,
      seconds: 120,
      servedAt: '2026-05-01T10:05:00.000Z',
      answer: 'Starts the sum.',
      answeredAt: '2026-05-01T10:06:00.000Z',
      pastesRefused: 0,
      mark: 'partly' as const,
      markedBy: 'key 1',
    };
    const tally = { questionId: 4, aiPolicy: 'guarded' as const, messages: 1, withheld: 0, failed: 1, insertions: 0, insertedChars: 0 };
    const lines = textOf({ ai: ai('guarded', { messages: [failed], questions: [tally], followUps: [followUp] }), numbers: new Map([[4, 2]]) }, 120);
    expect(lines).toContain('Q2 · guarded · 1 messages, 0 withheld · 0 insertions (0 characters)');
    expect(lines).toContain('10:00:00  #9 Candidate: Hello?');
    expect(lines).toContain('          Not answered: The assistant is not answering right now.');
    expect(lines).toContain('10:05:00  Follow-up 1 (from a template, marked: explains partly): What does line 2 do?');
    expect(lines).toContain('          Answer: Starts the sum.');
  });

  it('wrap every line within the width, a long reply included', () => {
    const long = {
      messageId: 1,
      questionId: 4,
      askedAt: AT,
      text: 'x'.repeat(300),
      sharedAnswer: false,
      answerChars: 0,
      state: 'answered' as const,
      reply: 'word '.repeat(200),
      withheldReason: null,
      failure: null,
      model: 'm',
      promptTokens: 1,
      completionTokens: 1,
      tokensEstimated: false,
      firstTokenMs: 1,
      answeredAt: AT,
    };
    const tally = { questionId: 4, aiPolicy: 'guarded' as const, messages: 1, withheld: 0, failed: 0, insertions: 0, insertedChars: 0 };
    const lines = textOf({ ai: ai('guarded', { messages: [long], questions: [tally] }), numbers: new Map() }, 40);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(40);
    expect(lines.length).toBeGreaterThan(20);
  });
});
