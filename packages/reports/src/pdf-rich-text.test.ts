import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { QuestionDetail } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import PDFDocument from 'pdfkit';
import { richTextLines } from './pdf-rich-text.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const QUESTION_TEXT = [
  'Which status does `GET /items/42` answer when the item is **Not Found**? *Pick one.*',
  '',
  '- a [spec](https://www.rfc-editor.org/rfc/rfc9110)',
  '- a [trap](javascript:alert(1))',
  '',
  '```js',
  'fetch("/items/42").then((r) => r.status);',
  '```',
  '',
  '<script>alert(1)</script>',
].join('\n');

const choice: QuestionDetail = {
  number: 1,
  questionId: 1,
  sectionName: 'Fundamentals',
  type: 'single_choice',
  text: QUESTION_TEXT,
  marks: 2,
  negativeMarks: 0,
  awarded: 2,
  answered: true,
  timeSpentSeconds: null,
  options: [
    { optionId: 0, text: '**404** Not Found', correct: true, chosen: true },
    { optionId: 1, text: '`200`, with:\n\n1. headers\n2. no body', correct: false, chosen: false },
  ],
};

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

const reportWith = async (questions: QuestionDetail[]): Promise<Buffer> =>
  bytes(renderReportPdf({ details: { ...sampleReportDetails({ questions: 1 }), questions }, generatedAt: Date.UTC(2026, 4, 1) }));

/** The font names the PDF embeds, as poppler's `pdffonts` lists them. */
const fontsOf = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-pdffonts-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync('pdffonts', [join(dir, 'report.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('question text in the PDF', () => {
  it('is read in the question text format: no Markdown marks, code and lists as such, HTML and a javascript: link as text', async () => {
    const text = pdfText(await reportWith([choice]));
    const questions = text.slice(text.indexOf('Questions'));
    expect(questions).toContain('Which status does GET /items/42 answer when the item is Not Found? Pick one.');
    expect(questions).toMatch(/•\s+a spec/);
    expect(questions).toMatch(/•\s+a \[trap\]\(javascript:alert\(1\)\)/);
    expect(questions).toContain('fetch("/items/42").then((r) => r.status);');
    expect(questions).toContain('<script>alert(1)</script>');
    expect(questions).toMatch(/A\.\s+404 Not Found/);
    expect(questions).toMatch(/B\.\s+200, with:/);
    expect(questions).toMatch(/1\.\s+headers\s+2\.\s+no body/);
    expect(questions).not.toMatch(/\*\*|`|```/);
  });

  it('draws emphasis, code and links in their own faces, as the page does', async () => {
    const plain = fontsOf(await reportWith([{ ...choice, text: 'Plain text.', options: choice.options!.map((option) => ({ ...option, text: 'plain' })) }]));
    const formatted = fontsOf(await reportWith([choice]));
    // The plain report has no italic and no mono text anywhere; the formatted one draws *Pick one.* and `code` in them.
    expect(plain).not.toMatch(/Italic/);
    expect(plain).not.toMatch(/Mono/);
    expect(formatted).toMatch(/NotoSans-Italic/);
    expect(formatted).toMatch(/NotoSansMono/);
  });

  it('makes an https link clickable and nothing else', async () => {
    const pdf = (await reportWith([choice])).toString('latin1');
    expect(pdf).toContain('/URI (https://www.rfc-editor.org/rfc/rfc9110)');
    expect(pdf).not.toMatch(/\/URI \(javascript:/);
  });
});

describe('richTextLines across reports', () => {
  const newDocument = () => new PDFDocument({ font: null as unknown as string, autoFirstPage: true });

  it('lays out a text once per thread: the next report of the test reads the same lines', () => {
    const style = { size: 10, lineHeight: 14 };
    const first = richTextLines(newDocument(), QUESTION_TEXT, 300, style, 'A.  ');
    const again = richTextLines(newDocument(), QUESTION_TEXT, 300, style, 'A.  ');
    expect(again).toBe(first);
    // Another width, style or prefix is laid out on its own.
    expect(richTextLines(newDocument(), QUESTION_TEXT, 200, style, 'A.  ')).not.toBe(first);
    expect(richTextLines(newDocument(), QUESTION_TEXT, 300, { ...style, font: 'bold' }, 'A.  ')).not.toBe(first);
    expect(richTextLines(newDocument(), QUESTION_TEXT, 300, style, 'B.  ')).not.toBe(first);
  });
});
