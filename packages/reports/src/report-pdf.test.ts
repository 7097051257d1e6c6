import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CandidateReport, SectionReportEntry } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { barFraction, renderReportPdf, reportPdfFileName, type ReportPdfData } from './report-pdf.js';
import { PDF_MEDIA_TYPE } from './media-types.js';

const report = (overrides: Partial<CandidateReport> = {}): CandidateReport => ({
  emailId: 'jane.doe@example.com',
  fullName: 'Jane Doe',
  timeTaken: 42,
  testName: 'Backend screening',
  duration: 60,
  questions: 30,
  attemptedOn: '2026-04-30T09:15:00',
  totalScore: '50',
  score: '37.5',
  wv: 2,
  tv: 35,
  testStatus: 'Completed',
  reportStatus: 'Generated',
  ...overrides,
});

const sections: SectionReportEntry[] = [
  { sectionName: 'Aptitude', sectionScore: 20, candidateScore: 15 },
  { sectionName: 'Logical reasoning', sectionScore: 10, candidateScore: -2.5 },
  { sectionName: 'SQL', sectionScore: 20, candidateScore: 25 },
];

const data = (overrides: Partial<ReportPdfData> = {}): ReportPdfData => ({
  testInvitationId: 4711,
  report: report(),
  sections,
  generatedAt: Date.UTC(2026, 4, 1, 10, 20, 30),
  ...overrides,
});

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const render = async (input: ReportPdfData, compress = false): Promise<string> => (await bytes(renderReportPdf(input, { compress }))).toString('latin1');

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

/** The text a reader extracts from the report. */
const textOf = async (input: ReportPdfData): Promise<string> => pdfText(await bytes(renderReportPdf(input)));

const pageCount = (pdf: string): number => [...pdf.matchAll(/\/Type \/Page\b(?!s)/g)].length;

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

  it('shows the candidate, the test, the scores and every section', async () => {
    const text = await textOf(data());
    for (const expected of [
      'Candidate report',
      'Jane Doe',
      'jane.doe@example.com',
      'Backend screening',
      '60 min',
      '42 min',
      '2026-04-30 09:15:00 UTC',
      '37.5 / 50 (75%)',
      '35 s',
      'Completed',
      'Generated',
      'Invitation 4711',
      'Generated 2026-05-01 10:20:30 UTC by Assay',
      'Page 1 of 1',
      'Section',
      'Max score',
      'Candidate score',
    ]) {
      expect(text).toContain(expected);
    }
    for (const section of sections) expect(text).toContain(section.sectionName);
    // The table cells and the chart values.
    expect(text).toContain('-2.5');
    expect(text).toContain('-2.5 / 10');
    expect(text).toContain('25 / 20');
  });

  it('names the languages of the coding answers, and leaves the line out without any', async () => {
    const text = await textOf(data({ codingLanguages: ['python', 'javascript'] }));
    expect(text).toContain('Coding language');
    expect(text).toContain('Python, JavaScript');
    expect(await textOf(data())).not.toContain('Coding language');
  });

  it('says when the test has not been attempted', async () => {
    const text = await textOf(data({ report: report({ attemptedOn: null, testStatus: 'Pending', reportStatus: 'Pending' }) }));
    expect(text).toContain('Not attempted yet');
    expect(text).toContain('Pending');
  });

  it('renders a report without sections', async () => {
    const text = await textOf(data({ sections: [] }));
    expect(text).toContain('No section scores');
    expect(text).not.toContain('Score by section');
  });

  it('sets the document info', async () => {
    const pdf = await render(data({ report: report({ fullName: 'Zoë (Ana) Ñúñez' }) }));
    expect(infoEntry(pdf, 'Title')).toBe('Candidate report: Zoë (Ana) Ñúñez');
    expect(infoEntry(pdf, 'Author')).toBe('Assay');
    expect(infoEntry(pdf, 'Subject')).toBe('Backend screening');
    expect(infoEntry(pdf, 'CreationDate')).toBe('D:20260501102030Z');
  });

  it('keeps 15 sections on one page and continues longer lists on more pages', async () => {
    const many = (count: number): SectionReportEntry[] =>
      Array.from({ length: count }, (_, index) => ({ sectionName: `Section ${index + 1}`, sectionScore: 10, candidateScore: index % 11 }));

    const fifteen = await render(data({ sections: many(15) }));
    expect(pageCount(fifteen)).toBe(1);

    const forty = await render(data({ sections: many(40) }));
    const pages = pageCount(forty);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(Buffer.from(forty, 'latin1'));
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Section 40');
    // The table header is repeated on the continuation page.
    expect(text.match(/Max score/g)).toHaveLength(2);
  });

  it('prints names in every script exactly, right-to-left ones in reading order', async () => {
    for (const fullName of ['Łukasz Żółć', 'अदा शर्मा', '王小明', 'محمد علي', 'Zoë 😀 Ñúñez']) {
      expect(await textOf(data({ report: report({ fullName }) }))).toContain(fullName);
    }
  });

  it('cuts text that does not fit with an ellipsis', async () => {
    const longName = `Section ${'x'.repeat(300)}`;
    const text = await textOf(data({ sections: [{ sectionName: longName, sectionScore: 1, candidateScore: 1 }] }));
    const cut = text.match(/Section x+\u2026/g) ?? [];
    expect(cut.length).toBe(2);
    for (const line of cut) expect(line.length).toBeLessThan(longName.length);
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
