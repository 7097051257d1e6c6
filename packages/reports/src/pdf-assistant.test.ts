import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ReportAi, ReportAiMessage, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { MAX_DRAWN_MESSAGES } from './pdf-assistant.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const GENERATED = Date.UTC(2026, 4, 1, 10, 20, 30);
const AT = Date.UTC(2026, 4, 1, 10, 0, 0);
const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const textOf = async (details: ReportDetails): Promise<string> =>
  pdfText(await bytes(renderReportPdf({ details, generatedAt: GENERATED })))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
const pagesOf = async (details: ReportDetails): Promise<number> =>
  pdfText(await bytes(renderReportPdf({ details, generatedAt: GENERATED }))).split('\f').length - 1;

const message = (messageId: number, questionId: number, extra: Partial<ReportAiMessage> = {}): ReportAiMessage => ({
  messageId,
  questionId,
  askedAt: AT + messageId * 60_000,
  text: `How do I loop, question ${messageId}?`,
  sharedAnswer: false,
  answerChars: 0,
  state: 'answered',
  reply: 'Use a for loop over the array.',
  withheldReason: null,
  failure: null,
  model: 'qwen2.5-coder:7b',
  promptTokens: 100,
  completionTokens: 20,
  tokensEstimated: false,
  firstTokenMs: 200,
  answeredAt: AT + messageId * 60_000 + 3_000,
  ...extra,
});

const aiOf = (policy: 'none' | 'guarded', messages: ReportAiMessage[], questionId: number, extra: Partial<ReportAi> = {}): ReportAi => ({
  policy: { testPolicy: policy, version: '3f9a0c1d2b4e', sections: [], assistantMessages: 30, assistantTokens: 40_000 },
  models: messages.length === 0 ? [] : ['qwen2.5-coder:7b'],
  totals: { messages: messages.length, withheld: 1, failed: 0, insertions: 1, insertedChars: 118, promptTokens: 300, completionTokens: 60 },
  questions:
    messages.length === 0 ? [] : [{ questionId, aiPolicy: policy, messages: messages.length, withheld: 1, failed: 0, insertions: 1, insertedChars: 118 }],
  messages,
  insertions: messages.length === 0 ? [] : [{ insertionId: 1, messageId: 1, questionId, at: AT + 90_000, chars: 118, line: 7, column: 3 }],
  followUps: [],
  ...extra,
});

const withAi = (ai: (questionId: number) => ReportAi): ReportDetails => {
  const report = sampleReportDetails({ questions: 2 });
  return { ...report, ai: ai(report.questions[1]!.questionId) };
};

describe('the report PDF has a page "AI assistant" (issue 60 item 4, decision 1260)', () => {
  it('the policy, model, counts, each message and reply as excerpts per question, insertions with size, line and time', async () => {
    const details = withAi((questionId) =>
      aiOf(
        'guarded',
        [
          message(1, questionId, { sharedAnswer: true, answerChars: 412 }),
          message(2, questionId, { state: 'withheld', withheldReason: 'solution', reply: 'def solve(xs): return sorted(xs)' }),
          message(3, questionId, { state: 'failed', reply: null, failure: 'The assistant is not answering right now.', model: null }),
        ],
        questionId,
      ),
    );
    const number = details.questions[1]!.number;
    const text = (await textOf(details)).replace(/\n/g, ' ');
    expect(text).toContain('AI assistant');
    expect(text).toContain('Policy: guarded, version 3f9a0c1d2b4e; budget 30 messages and 40000 tokens.');
    expect(text).toContain('Model: qwen2.5-coder:7b.');
    expect(text).toContain(
      '3 messages, 1 replies withheld, 0 not answered; 1 insertions into the answers (118 characters); 360 tokens (300 sent, 60 received).',
    );
    expect(text).toContain(`Q${number} · policy guarded · 3 messages, 1 withheld · 1 insertions (118 characters)`);
    expect(text).toContain('Message #1 at 10:01:00 UTC · answered · shared their answer (412 characters) · 120 tokens');
    expect(text).toContain('Candidate: How do I loop, question 1?');
    expect(text).toContain('Reply: Use a for loop over the array.');
    expect(text).toContain('Reply withheld (it carried a solution; the candidate did not see it): def solve(xs): return sorted(xs)');
    expect(text).toContain('Not answered: The assistant is not answering right now.');
    for (const cell of ['Insertion', 'From the reply to', 'message #1', 'Characters 118', 'line 7, column 3', '10:01:30 UTC']) expect(text).toContain(cell);
    expect(text).toContain('GET /v2/org/report/{id}/details (ai.messages)');
  });

  it('says "The assistant was not used." when the policy allowed it and nothing was asked', async () => {
    const text = await textOf(withAi((questionId) => aiOf('guarded', [], questionId)));
    expect(text).toContain('AI assistant');
    expect(text).toContain('The assistant was not used.');
  });

  it('has no such page under the policy none, nor for an attempt without `ai`', async () => {
    expect(await textOf(withAi((questionId) => aiOf('none', [], questionId)))).not.toContain('AI assistant');
    expect(await textOf(sampleReportDetails({ questions: 2 }))).not.toContain('AI assistant');
  });

  it('keeps a long transcript to excerpts: each text cut where /details has it, at most so many messages drawn', async () => {
    const long = 'word '.repeat(3_200);
    const many = (questionId: number) => Array.from({ length: 500 }, (_, index) => message(index + 1, questionId, { text: long.slice(0, 4_000), reply: long }));
    const details = withAi((questionId) => aiOf('guarded', many(questionId), questionId));
    const text = await textOf(details);
    expect(text).toContain(`Message #${MAX_DRAWN_MESSAGES} at`);
    expect(text).not.toContain(`Message #${MAX_DRAWN_MESSAGES + 1} at`);
    expect(text).toContain(`… ${500 - MAX_DRAWN_MESSAGES} more messages, see /details`);
    expect(text).toMatch(/more characters, see \/details/);
    const without = await pagesOf(sampleReportDetails({ questions: 2 }));
    expect(await pagesOf(details)).toBeLessThanOrEqual(without + 12);
  });
});
