import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { QuestionDetail, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { PDF_MEDIA_TYPE } from './media-types.js';
import { reportPdfFileName } from './file-names.js';
import { barFraction, renderReportPdf, type ReportPdfLayout } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const GENERATED = Date.UTC(2026, 4, 1, 10, 20, 30);

/** The sample report, changed where a test needs it. */
const details = (change: (report: ReportDetails) => Partial<ReportDetails> = () => ({}), questions = 4): ReportDetails => {
  const report = sampleReportDetails({ questions });
  return { ...report, ...change(report) };
};

const data = (report: ReportDetails = details(), extra: Partial<ReportPdfLayout> = {}): ReportPdfLayout => ({
  details: report,
  generatedAt: GENERATED,
  ...extra,
});

const named = (fullName: string, extra: Partial<ReportDetails> = {}): ReportDetails =>
  details((report) => ({ candidate: { ...report.candidate, fullName }, ...extra }));

const withSections = (report: ReportDetails, names: readonly string[]): ReportDetails => ({
  ...report,
  sections: names.map((sectionName) => ({ sectionName, sectionType: 'General Questions', score: 1, maxScore: 1, timeSpentSeconds: 60, suggestedMinutes: 5 })),
});

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const render = async (input: ReportPdfLayout, compress = false): Promise<string> => (await bytes(renderReportPdf(input, { compress }))).toString('latin1');

/** Reads a PDF literal string `( ... )`: backslash escapes, and UTF-16BE when it starts with a byte-order mark. */
const literalString = (raw: string): string => {
  const unescaped = raw.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, code: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return named[code] ?? String.fromCharCode(parseInt(code, 8));
  });
  const buffer = Buffer.from(unescaped, 'latin1');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return buffer.subarray(2).swap16().toString('utf16le');
  return unescaped;
};

const objectBody = (pdf: string, id: string): string => {
  const match = new RegExp(`(?:^|\\n)${id} 0 obj\\n([\\s\\S]*?)\\nendobj`).exec(pdf);
  if (!match?.[1]) throw new Error(`object ${id} not found`);
  return match[1];
};

/** The document info entry `key`, followed from the trailer: /Info n 0 R -> << /Title m 0 R >> -> (text). */
const infoEntry = (pdf: string, key: string): string => {
  const infoId = /\/Info (\d+) 0 R/.exec(pdf)?.[1];
  if (!infoId) throw new Error('no /Info in the trailer');
  const entryId = new RegExp(`/${key} (\\d+) 0 R`).exec(objectBody(pdf, infoId))?.[1];
  if (!entryId) throw new Error(`no /${key} in the info dictionary`);
  const literal = /^\(([\s\S]*)\)$/.exec(objectBody(pdf, entryId).trim())?.[1];
  if (literal === undefined) throw new Error(`/${key} is not a literal string`);
  return literalString(literal);
};

/** Names in every script a report must print (the and the audit's), emoji sequences included. */
const NAMES = [
  'Łukasz Żółć',
  'Nguyễn Thị Ánh',
  'Ελένη Παπαδοπούλου',
  'Алексей Смирнов',
  'अदा शर्मा',
  'অমিত রায়',
  'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
  'தமிழ்செல்வன்',
  'వెంకట లక్ష్మి',
  'สมชาย ใจดี',
  '王小明',
  'さくら タナカ',
  '김민준',
  'محمد علي',
  'فاطمة الزهراء',
  'שרה לוי',
  'ნინო ბერიძე',
  'Արամ Պետրոսյան',
  'አበበ በቀለ',
  'Zoë 😀 Ñúñez',
  'Dev 👩🏽‍💻',
  'Pride 🏳️‍🌈',
  'Priya 🇮🇳',
  'Ana 👍🏿',
];

/** The glyph ids a PDF written with `compress: false` draws (pdfkit writes each glyph as 4 hex digits in a TJ array). */
const drawnGlyphIds = (pdf: string): number[] =>
  [...pdf.matchAll(/\[([^\]]*)\] TJ/g)].flatMap(([, array = '']) =>
    [...array.matchAll(/<([0-9a-f]*)>/g)].flatMap(([, hex = '']) => (hex.match(/.{4}/g) ?? []).map((id) => parseInt(id, 16))),
  );

/** The text a reader extracts from the report. */
const textOf = async (input: ReportPdfLayout): Promise<string> => pdfText(await bytes(renderReportPdf(input)));

const pageCount = (pdf: string): number => [...pdf.matchAll(/\/Type \/Page\b(?!s)/g)].length;

/** The text of each page, in order. */
const pagesOf = (text: string): string[] => text.split('\f').filter((page) => page.trim() !== '');

const choice = (overrides: Partial<QuestionDetail> = {}): QuestionDetail => ({
  number: 1,
  questionId: 1,
  sectionName: 'Fundamentals',
  type: 'single_choice',
  text: 'Which HTTP status means not found?',
  marks: 2,
  negativeMarks: 1,
  awarded: -1,
  answered: true,
  timeSpentSeconds: null,
  options: [
    { optionId: 0, text: '200 OK', correct: false, chosen: true },
    { optionId: 1, text: '404 Not Found', correct: true, chosen: false },
  ],
  ...overrides,
});

describe('renderReportPdf', () => {
  it('produces a complete PDF file', async () => {
    const pdf = await bytes(renderReportPdf(data()));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/%%EOF\n?$/);
  });

  it('compresses the page content by default and not with compress: false', async () => {
    const compressed = (await bytes(renderReportPdf(data()))).toString('latin1');
    expect(compressed).toContain('/FlateDecode');
    const plain = await render(data());
    expect(plain).not.toMatch(/\/Filter \/FlateDecode[^>]*>>\s*stream\s*BT/);
    expect(plain).toMatch(/BT/);
  });

  it('fits the decision on the first page: candidate, test, score, percentile, verdict, integrity, sections, every question', async () => {
    const [page = ''] = pagesOf(await textOf(data(details(() => ({}), 20))));
    const first = page.replace(/\s+/g, ' ');
    for (const expected of [
      'Priya Raman',
      'priya.raman@example.com',
      'Backend engineer screening',
      'Invitation 4711',
      '106.5 / 125',
      '85.2% of the marks',
      '84th',
      'percentile of 37 completed attempts',
      'Strong',
      '80% or more',
      '2 departures',
      '47 s away in total',
      'Completed',
      '2026-04-30 09:15:00 UTC',
      '53 min of 60 min',
      '19 of 20',
      'Accommodation',
      'None',
      'Data & SQL',
      '13 min',
      '28 min 30 s',
      'not recorded',
      '30 min',
      'Q20',
      '3/4 tests passed',
      'Page 1 of',
    ]) {
      expect(first, expected).toContain(expected);
    }
  });

  it('says when a percentile has too few attempts behind it, and what is not scored yet', async () => {
    const text = (await textOf(data(details(() => ({ percentile: null }))))).replace(/\s+/g, ' ');
    expect(text).toContain('not enough attempts yet (fewer than 5)');
    const pending = await textOf(
      data(
        details((report) => ({
          status: { testStatus: 'Completed', reportStatus: 'Pending' },
          percentile: null,
          verdict: null,
          questions: report.questions.map((q) => ({ ...q, awarded: null })),
        })),
      ),
    );
    expect(pending).toContain('Not scored');
    expect(pending).toContain('Not scored yet');
  });

  it('shows an accommodation when the attempt had one', async () => {
    const text = await textOf(data(details((report) => ({ integrity: { ...report.integrity, accommodation: { extraTimePercent: 25 } } }))));
    expect(text).toContain('25% extra time');
  });

  it('counts the time taken against the time the candidate was allowed, extra time included', async () => {
    const text = await textOf(
      data(
        details((report) => ({
          test: { ...report.test, duration: 30, allowedSeconds: 2250 },
          timeTakenMinutes: 1,
          integrity: { ...report.integrity, accommodation: { extraTimePercent: 25 } },
        })),
      ),
    );
    expect(text).toContain('1 min of 37 min 30 s');
    expect(text).not.toContain('1 min of 30 min');
  });

  it('shows each choice question: the text, the chosen option against the right one, and the marks with negative marking applied', async () => {
    const text = await textOf(data(details(() => ({ questions: [choice()] }))));
    const page = pagesOf(text)[1] ?? '';
    expect(page).toContain('Which HTTP status means not found?');
    expect(page).toMatch(/A\.\s+200 OK[\s\S]*Chosen · wrong/);
    expect(page).toMatch(/B\.\s+404 Not Found[\s\S]*Correct answer/);
    expect(page).toContain('\u22121 / 2');
    expect(page).toContain('Marks: 2 for a right answer, \u22121 for a wrong one');
    expect(page).toContain('Wrong');
  });

  it('shows the code with its language, line numbers and hidden tests; inputs only when the details carry them', async () => {
    const pdf = await bytes(renderReportPdf(data(details(() => ({}), 3))));
    const code = pagesOf(pdfText(pdf)).slice(1).join('\n');
    expect(code).toContain('Submitted code · JavaScript · 5 sample runs before submitting');
    // Each line beside its number (the layout keeps the gutter and the code on one line).
    expect(pdfText(pdf, 'layout')).toMatch(/\n\s*4\s+export function topWords\(text, k\) \{/);
    expect(code).toContain('Hidden tests: 4 of 4 passed');
    expect(code).toContain('input ["the cat and the hat",1]');

    const secret = details(
      (report) => ({
        questions: report.questions.map((q) =>
          q.coding?.hiddenTests
            ? { ...q, coding: { ...q.coding, hiddenTests: { ...q.coding.hiddenTests, cases: q.coding.hiddenTests.cases.map(({ passed }) => ({ passed })) } } }
            : q,
        ),
      }),
      3,
    );
    const hidden = await textOf(data(secret));
    expect(hidden).not.toContain('the cat and the hat');
    expect(hidden).toContain('Inputs are not shown');
  });

  it('colours code by token kind', async () => {
    const pdf = await render(data(details(() => ({}), 3)));
    // Keyword red, string (the regular expression) dark blue, number blue, comment grey: pdfkit writes fill colours as rgb fractions.
    for (const [red, green, blue] of [
      [0xcf, 0x22, 0x2e],
      [0x0a, 0x30, 0x69],
      [0x05, 0x50, 0xae],
      [0x6e, 0x77, 0x81],
    ]) {
      expect(pdf).toContain(`${red! / 255} ${green! / 255} ${blue! / 255} scn`);
    }
  });

  it('lists every departure with its times and length, and the totals', async () => {
    const text = await textOf(data());
    expect(text).toContain('left the test window 2 times (wv 2) and was away 47 s in total (tv 47 s)');
    expect(text).toMatch(/09:27:05 UTC\s+09:27:41 UTC\s+36 s\s+12 min 5 s in/);
    expect(text).toMatch(/09:46:10 UTC\s+09:46:21 UTC\s+11 s\s+31 min 10 s in/);
  });

  it('sets the document info', async () => {
    const pdf = await render(data(named('Zoë (Ana) Ñúñez')));
    expect(infoEntry(pdf, 'Title')).toBe('Candidate report: Zoë (Ana) Ñúñez');
    expect(infoEntry(pdf, 'Author')).toBe('Assay');
    expect(infoEntry(pdf, 'Subject')).toBe('Backend engineer screening');
    expect(infoEntry(pdf, 'CreationDate')).toBe('D:20260501102030Z');
  });

  it('continues long tables on more pages with their header, each page with its footer', async () => {
    const many = withSections(
      details(() => ({ questions: [] })),
      Array.from({ length: 60 }, (_, index) => `Section ${index + 1}`),
    );
    const pdf = await render(data(many));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(Buffer.from(pdf, 'latin1'));
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Section 60');
    expect(text.match(/Suggested/g)).toHaveLength(2);
  });

  it('a proctoring log that kept only its first and last events: the departures it kept, and how many events it did not', async () => {
    const flooded = sampleReportDetails({ questions: 4, departures: 100, omittedEvents: 12_345 });
    const pdf = await render(data(flooded));
    const text = pdfText(Buffer.from(pdf, 'latin1')).replace(/\s+/g, ' ');
    expect(text).toContain(`left the test window ${flooded.integrity.wv} times`);
    expect(text).toContain('… 12,345 more events not shown');
    // What a flooded log can yield fits on a few pages more than a quiet attempt's report.
    expect(pageCount(pdf)).toBeLessThanOrEqual(pageCount(await render(data(details()))) + 3);
    expect(await textOf(data(details()))).not.toContain('more events not shown');
  });

  it('wraps a long name over lines instead of cutting it, and never splits a grapheme', async () => {
    const words = Array.from({ length: 12 }, (_, index) => `Name${index}👩🏽‍💻`);
    const text = await textOf(data(named(words.join(' '))));
    const first = (pagesOf(text)[0] ?? '').replace(/\s+/g, ' ');
    // Whole in the header, over several lines (the footer alone cuts it, between graphemes).
    expect(first).toContain(words.join(' '));
    const long = await textOf(data(named(`क्षि${'x'.repeat(200)}`)));
    expect(long).toContain('क्षि');
  });
  it('prints names in every script exactly, right-to-left ones in reading order', async () => {
    for (const fullName of NAMES) {
      expect(await textOf(data(named(fullName))), fullName).toContain(fullName);
    }
  });

  it('draws every glyph of every script from a face that has it: none is .notdef', async () => {
    // Names, sections and question texts in every script: the glyphs of the header, the tables and the question pages.
    const report = withSections(named(NAMES.join(' ')), NAMES);
    const pdf = await render(
      data({
        ...report,
        questions: NAMES.map((text, index) => choice({ number: index + 1, text, options: [{ optionId: 0, text, correct: true, chosen: true }] })),
      }),
    );
    const glyphs = drawnGlyphIds(pdf);
    expect(glyphs.length).toBeGreaterThan(300);
    expect(glyphs.filter((id) => id === 0)).toEqual([]);
  });

  it('prints question texts and options in every script exactly', async () => {
    // (A neutral ending right-to-left text, like "?", is read by poppler at the start of the line: decision 114.)
    const texts = ['क्या यह सही है?', '这个答案正确吗？', 'هل هذه الإجابة صحيحة؟', 'התשובה נכונה', 'คำตอบนี้ถูกต้องไหม', '이 답이 맞습니까?', 'Is it 👍🏽 or 🚀?'];
    const questions = texts.map((text, index) =>
      choice({ number: index + 1, text, options: [{ optionId: 0, text: `${text} ${index}`, correct: true, chosen: true }] }),
    );
    const text = await textOf(data(details(() => ({ questions }))));
    texts.forEach((expected, index) => {
      expect(text, expected).toContain(`${expected}\n`);
      expect(text.includes(`${expected} ${index}`) || text.includes(`${index} ${expected}`), expected).toBe(true);
    });
  });

  it('extracts right-to-left names and texts without numbers in exact logical order', async () => {
    for (const fullName of ['محمد علي', 'عبد الله بن محمد الشمري', 'שרה לוי', 'דוד בן גוריון']) {
      expect(await textOf(data(withSections(named(fullName), [fullName]))), fullName).toContain(`${fullName}\n`);
    }
  });

  // A right-to-left run that holds a number cannot come out of poppler in logical order (decision 114): it reads a
  // line in the order it is drawn and reverses each right-to-left stretch, a number ending the stretch. What must
  // hold is the drawing: runs left to right as the bidi algorithm lays them out, each word and number exact.
  it.each([
    ['غرفة 12 محمد', ['محمد', '12', 'غرفة']],
    ['Ali علي 123 Smith', ['Ali', '123', 'علي', 'Smith']],
    ['ليلى 2024', ['2024', 'ليلى']],
    ['דוד כהן 3', ['3', 'דוד', 'כהן']],
  ])('lays out mixed-direction text with numbers as the bidi algorithm does, every word exact (%s)', async (fullName, drawn) => {
    const text = await textOf(data(named(fullName)));
    const line = text.split('\n').find((candidate) => drawn.every((word) => candidate.includes(word)));
    expect(line, text).toBeDefined();
    expect(line!.match(/[\p{Script=Arabic}\p{M}]+|[\p{Script=Hebrew}\p{M}]+|\p{Script=Latin}+|\p{N}+/gu)).toEqual(drawn);
  });

  it('extracts Arabic letters that share a glyph exactly, however many share one document', async () => {
    const arabic = ['اختبار الخلفية', 'فاطمة الزهراء', 'سعيد الشمري', 'زينب ريم', 'تيسير يتيم', 'شمس سمير'];
    const report = named('سعيد', { test: { testId: 1, testName: 'اختبار الخلفية', duration: 60, allowedSeconds: 3600 } });
    const pdf = await bytes(renderReportPdf(data(withSections(report, arabic))));
    const text = pdfText(pdf);
    for (const expected of ['سعيد', 'اختبار الخلفية', ...arabic]) expect(text, expected).toContain(expected);
  });

  it('renders the same bytes for the same input', async () => {
    const first = await bytes(renderReportPdf(data()));
    const second = await bytes(renderReportPdf(data()));
    expect(first.equals(second)).toBe(true);
  });
});

describe('barFraction', () => {
  it('is the candidate share of the maximum, clamped to [0, 1]', () => {
    expect(barFraction(15, 20)).toBe(0.75);
    expect(barFraction(-2.5, 10)).toBe(0);
    expect(barFraction(25, 20)).toBe(1);
    expect(barFraction(5, 0)).toBe(0);
    expect(barFraction(0, 10)).toBe(0);
  });
});

describe('reportPdfFileName', () => {
  it('names the file after the invitation', () => {
    expect(reportPdfFileName(4711)).toBe('assay-report-4711.pdf');
    expect(PDF_MEDIA_TYPE).toBe('application/pdf');
  });
});
