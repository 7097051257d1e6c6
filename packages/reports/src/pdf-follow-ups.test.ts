import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const GENERATED = Date.UTC(2026, 4, 1, 10, 20, 30);
const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const textOf = async (details: ReportDetails): Promise<string> =>
  pdfText(await bytes(renderReportPdf({ details, generatedAt: GENERATED })))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');

const withFollowUps = (): ReportDetails => {
  const report = sampleReportDetails({ questions: 2 });
  const questionId = report.questions[1]!.questionId;
  const base = { questionId, seconds: 120, servedAt: '2026-05-01T10:00:00.000Z', markedBy: null };
  return {
    ...report,
    ai: {
      policy: { testPolicy: 'none', version: '0123456789ab', sections: [], assistantMessages: 30, assistantTokens: 40_000 },
      models: [],
      totals: { messages: 0, withheld: 0, failed: 0, insertions: 0, insertedChars: 0, promptTokens: 0, completionTokens: 0 },
      questions: [],
      messages: [],
      insertions: [],
      followUps: [
        {
          ...base,
          position: 0,
          text: 'What does line 2, `let total = 0;`, do?',
          source: 'template',
          answer: 'Starts the sum at zero.',
          answeredAt: '2026-05-01T10:01:00.000Z',
          pastesRefused: 2,
          mark: 'accurate',
          markedBy: 'key 1',
        },
        {
          ...base,
          position: 1,
          text: 'What happens with an empty input?',
          source: 'model',
          answer: 'It retur',
          answeredAt: null,
          pastesRefused: 0,
          mark: null,
        },
      ],
    },
  };
};

describe('the report PDF shows authorship follow-ups (issue 60 item 6)', () => {
  it('each follow-up: its question, who wrote it, the answer, refused pastes and the mark', async () => {
    const details = withFollowUps();
    const number = details.questions[1]!.number;
    const text = await textOf(details);
    expect(text).toContain('Authorship follow-ups (evidence of authorship; marks never change the score)');
    expect(text).toContain(`Q${number}, follow-up 1 (from a template) · marked: explains accurately · 2 paste(s) refused`);
    expect(text).toContain('What does line 2, `let total = 0;`, do?');
    expect(text).toContain('Answer: Starts the sum at zero.');
    expect(text).toContain(`Q${number}, follow-up 2 (written by the model) · not marked`);
    expect(text).toContain('Answer (taken when the time was up): It retur');
  });

  it('says nothing when none were asked', async () => {
    expect(await textOf(sampleReportDetails({ questions: 2 }))).not.toContain('Authorship follow-ups');
  });
});
