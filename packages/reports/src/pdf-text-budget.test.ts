import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { QuestionDetail, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';
import { TEXT_BUDGETS, cutAfter, moreCharacters, withinBudget } from './pdf-text-budget.js';

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const pageCount = (pdf: Buffer): number => [...pdf.toString('latin1').matchAll(/\/Type \/Page\b(?!s)/g)].length;

/** The sample report with its questions replaced by `questions`. */
const reportOf = (questions: QuestionDetail[]): ReportDetails => ({ ...sampleReportDetails({ questions: 4 }), questions });
const render = async (questions: QuestionDetail[]): Promise<{ pages: number; text: string }> => {
  const pdf = await bytes(renderReportPdf({ details: reportOf(questions), generatedAt: Date.UTC(2026, 10, 26) }));
  return { pages: pageCount(pdf), text: pdfText(pdf) };
};
const codingQuestion = (code: string): QuestionDetail => {
  const sample = sampleReportDetails({ questions: 4 }).questions.find((question) => question.coding)!;
  return { ...sample, coding: { ...sample.coding!, code } };
};
const essayQuestion = (answer: string): QuestionDetail => ({
  ...sampleReportDetails({ questions: 4 }).questions[0]!,
  type: 'free_text',
  options: undefined,
  written: { answer, words: answer.split(/\s+/).length, marking: 'awaiting_review', grade: null },
});
/** pdftotext's reading of the text: lines joined, as the cut marker may wrap. */
const joined = (text: string): string => text.replace(/\s+/g, ' ');

describe('text budgets of the report PDF (issue 48 item 3, decision 639)', () => {
  it('cuts a text past its budget, saying how many characters /details holds beyond it', () => {
    expect(cutAfter('abcdef', 4)).toEqual({ kept: 'abcd', more: 2 });
    expect(cutAfter('ab😀cd', 3)).toEqual({ kept: 'ab😀', more: 2 });
    expect(withinBudget('x'.repeat(30), { chars: 10, word: 100 })).toBe(`${'x'.repeat(10)} ${moreCharacters(20)}`);
    expect(withinBudget(`see ${'y'.repeat(12)} here`, { chars: 100, word: 5 })).toBe(`see yyyyy ${moreCharacters(7)} here`);
    expect(withinBudget('within budget', TEXT_BUDGETS.essay)).toBe('within budget');
    expect(moreCharacters(1)).toBe('\u2026 1 more character, see /details');
  });

  it('draws a 100,000-character one-line code answer on a few pages, cut with the marker', async () => {
    const line = `const s = "${'a'.repeat(99_970)}";`;
    const { pages, text } = await render([codingQuestion(`function f() {}\n${line}\nreturn s;`)]);
    expect(pages).toBeLessThanOrEqual(3);
    const more = [...line].length - TEXT_BUDGETS.code.word;
    expect(joined(text)).toContain(`\u2026 ${more} more characters, see /details`);
    expect(joined(text)).toContain('return s;');
  });

  it('cuts code past its whole budget after its lines, with the marker', async () => {
    const code = Array.from({ length: 3_000 }, (_, index) => `let v${index} = ${index};`).join('\n');
    const { pages, text } = await render([codingQuestion(code)]);
    const more = [...code].length - TEXT_BUDGETS.code.chars;
    expect(joined(text)).toContain(`\u2026 ${more} more characters, see /details`);
    expect(pages).toBeLessThanOrEqual(20);
  });

  it('draws an essay of one 100,000-character word on a few pages, the word cut with the marker', async () => {
    const word = 'w'.repeat(100_000);
    const { pages, text } = await render([essayQuestion(`Before ${word} after.`)]);
    expect(pages).toBeLessThanOrEqual(3);
    expect(joined(text)).toContain(`\u2026 ${100_000 - TEXT_BUDGETS.essay.word} more characters, see /details`);
    expect(joined(text)).toContain('after.');
  });

  it('cuts an essay past its whole budget, keeping its words whole before the cut', async () => {
    const answer = 'lorem ipsum '.repeat(5_000);
    const { text } = await render([essayQuestion(answer)]);
    expect(joined(text)).toContain(`\u2026 ${answer.length - TEXT_BUDGETS.essay.chars} more characters, see /details`);
  });
});
