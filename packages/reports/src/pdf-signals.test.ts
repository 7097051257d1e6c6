import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { QuestionDetail, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { signalsText } from './pdf-signals.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const STARTED = '2026-04-30T09:15:00.000Z';
const at = (seconds: number) => new Date(Date.parse(STARTED) + seconds * 1000).toISOString();

const signals: NonNullable<QuestionDetail['signals']> = {
  firstViewedAt: at(60),
  secondsToFirstKeystroke: 42,
  pastes: 1,
  pastedChars: 180,
  largeInsertions: 0,
  largeInsertionChars: 80,
  events: [{ kind: 'paste', at: at(725), chars: 180, lines: 7 }],
};

describe('signalsText', () => {
  it('tells sizes and times into the attempt, never text', () => {
    const question = { ...sampleReportDetails({ questions: 4 }).questions[0]!, signals };
    expect(signalsText(question, STARTED)).toEqual([
      'First keystroke 42 s after the question came up.',
      '1 paste (180 characters in all), 0 large insertions (80+ characters at once, not pasted).',
      'Pasted 180 characters over 7 lines at 12 min 5 s into the attempt.',
    ]);
    expect(signalsText({ ...question, signals: undefined }, STARTED)).toEqual([]);
  });

  it('says the outcome of a reviewed paste beside it', () => {
    const review = { outcome: 'dismissed' as const, note: 'the given snippet', by: 'lead', at: at(4000) };
    const question = { ...sampleReportDetails({ questions: 4 }).questions[0]!, signals: { ...signals, events: [{ ...signals.events[0]!, review }] } };
    expect(signalsText(question, STARTED).at(-1)).toBe('Pasted 180 characters over 7 lines at 12 min 5 s into the attempt. Reviewed: dismissed.');
  });
});

describe('the PDF beside an answer', () => {
  it('shows the signals and a few key frames of the code history', async () => {
    const report = sampleReportDetails({ questions: 4 });
    const codingIndex = report.questions.findIndex((question) => question.coding);
    const coding = report.questions[codingIndex]!;
    const frames = [
      { at: at(100), start: 0, deleted: '', inserted: 'def top_words(text, k):\n' },
      { at: at(200), start: 24, deleted: '', inserted: '    counts = {}\n' },
      { at: at(300), start: 40, deleted: '', inserted: '    for word in text.split():\n        counts[word] = counts.get(word, 0) + 1\n' },
      { at: at(400), start: 0, deleted: '', inserted: '# final\n' },
    ];
    const changed: ReportDetails = {
      ...report,
      startedAt: STARTED,
      questions: report.questions.map((question, index) =>
        index === codingIndex ? { ...question, signals, coding: { ...coding.coding!, playback: { frames } } } : question,
      ),
    };
    const review = { outcome: 'confirmed' as const, note: 'Pasted over a blank editor.', by: 'lead', at: at(4000) };
    const reviewed: ReportDetails = {
      ...changed,
      questions: changed.questions.map((question) =>
        question.signals ? { ...question, signals: { ...question.signals, events: question.signals.events.map((event) => ({ ...event, review })) } } : question,
      ),
    };
    const stream = renderReportPdf({ details: changed, generatedAt: Date.parse(STARTED) + 3_600_000 }, { compress: false }) as Readable;
    const text = pdfText(Buffer.concat((await stream.toArray()) as Buffer[]));
    expect(text).toContain('Evidence for the reviewer (changes no score)');
    expect(text).toContain('Pasted 180 characters over 7 lines at 12 min 5 s into the attempt.');
    expect(text).toContain('Playback: 4 changes, the first at 1 min 40 s into the attempt, the last 5 min later.');
    expect(text).toContain('(largest change)');
    expect(text).toContain('counts = {}');
    expect(text).not.toContain('Reviewed evidence');

    // Reviewed: the outcome beside the paste, who and the note with the other reviewed evidence.
    const reviewedStream = renderReportPdf({ details: reviewed, generatedAt: Date.parse(STARTED) + 3_600_000 }, { compress: false }) as Readable;
    const reviewedText = pdfText(Buffer.concat((await reviewedStream.toArray()) as Buffer[])).replace(/[ \t]+/g, ' ');
    expect(reviewedText).toContain('Pasted 180 characters over 7 lines at 12 min 5 s into the attempt. Reviewed: confirmed.');
    expect(reviewedText).toContain('Reviewed evidence');
    expect(reviewedText).toContain(`Paste into Q${coding.number}: 180 characters at 09:27:05 UTC — Confirmed`);
    expect(reviewedText).toContain('Pasted over a blank editor.');
  });
});
