import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

const textOf = async (details: ReportDetails): Promise<string> =>
  pdfText(await bytes(renderReportPdf({ details, generatedAt: Date.UTC(2026, 4, 1) }, { compress: false })), 'layout');

describe("the PDF's candidate feedback (issue 52)", () => {
  it('shows the rating and the words after the questions, as pdftotext reads them', async () => {
    const details = {
      ...sampleReportDetails({ questions: 3 }),
      candidateFeedback: { rating: 4, text: 'The coding task was clear.\nMore time for SQL, please.', givenAt: '2026-05-01T10:00:00.000Z' },
    };
    const text = await textOf(details);
    expect(text).toMatch(/Candidate feedback\n/);
    expect(text).toContain('Rating: 4 of 5');
    expect(text).toContain('The coding task was clear.');
    expect(text).toContain('More time for SQL, please.');
    expect(text.indexOf('Candidate feedback')).toBeGreaterThan(text.indexOf('Questions at a glance'));
  });

  it('keeps it short: long words are cut with a pointer to the details; no block without feedback', async () => {
    const long = Array.from({ length: 40 }, (_, index) => `Line ${index + 1} of what I thought.`).join('\n');
    const text = await textOf({
      ...sampleReportDetails({ questions: 3 }),
      candidateFeedback: { rating: null, text: long, givenAt: '2026-05-01T10:00:00.000Z' },
    });
    expect(text).toContain('No rating given');
    expect(text).toContain('Line 8 of what I thought.');
    expect(text).not.toContain('Line 9 of what I thought.');
    expect(text).toContain('The rest of the candidate’s words are in the report details.');
    expect(await textOf(sampleReportDetails({ questions: 3 }))).not.toContain('Candidate feedback');
  });
});
