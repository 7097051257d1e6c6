import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateReport, TestDetails } from '@assay/domain';
import { testWorkbookFileName, writeTestWorkbook, type CandidateRow } from './test-workbook.js';
import { XLSX_MEDIA_TYPE } from './media-types.js';

const test: TestDetails = {
  testId: 31,
  testName: 'Backend screening',
  accessKey: 'AK-31-xyz',
  duration: 60,
  questions: 25,
  testStatus: 'Active',
  sections: [
    { sectionName: 'Aptitude', sectionType: 'General Questions', questions: 15, duration: 20 },
    { sectionName: 'Coding', sectionType: 'Coding Questions', questions: 10, duration: 40 },
  ],
};

const report = (overrides: Partial<CandidateReport> = {}): CandidateReport => ({
  emailId: 'jane.doe@example.com',
  fullName: 'Jane Doe',
  timeTaken: 42,
  testName: 'Backend screening',
  duration: 60,
  questions: 25,
  attemptedOn: '2026-04-30T09:15:00',
  totalScore: '50',
  score: '37.5',
  wv: 2,
  tv: 35,
  testStatus: 'Completed',
  reportStatus: 'Generated',
  ...overrides,
});

const jane: CandidateRow = {
  testInvitationId: 1001,
  report: report(),
  codingLanguages: ['python', 'typescript'],
  // Listed out of test order, with an entry the test does not have: matching is by name.
  sections: [
    { sectionName: 'Coding', sectionScore: 30, candidateScore: 22.5 },
    { sectionName: 'Retired section', sectionScore: 5, candidateScore: 5 },
    { sectionName: 'Aptitude', sectionScore: 20, candidateScore: 15 },
  ],
};

const raj: CandidateRow = {
  testInvitationId: 1002,
  report: report({
    emailId: 'raj@example.com',
    fullName: 'Raj =SUM(A1)',
    timeTaken: 0,
    attemptedOn: null,
    score: '-3.5',
    totalScore: '50',
    wv: 0,
    tv: 0,
    testStatus: 'In progress',
    reportStatus: 'Pending',
  }),
  sections: [{ sectionName: 'Aptitude', sectionScore: 20, candidateScore: -3.5 }],
};

async function* fromArray<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const writeFile = async (path: string, candidates: AsyncIterable<CandidateRow>): Promise<void> => {
  await writeTestWorkbook(createWriteStream(path), test, candidates);
};

const readBack = async (path: string): Promise<ExcelJS.Workbook> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
};

const sheet = (workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet => {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
};

/** Row values from column 1 (exceljs row.values is 1-based, with a hole at index 0). */
const values = (worksheet: ExcelJS.Worksheet, rowNumber: number, width: number): unknown[] => {
  const row = worksheet.getRow(rowNumber);
  return Array.from({ length: width }, (_, index) => row.getCell(index + 1).value ?? null);
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assay-workbook-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeTestWorkbook', () => {
  it('writes the Test, Sections and Candidates sheets', async () => {
    const path = join(dir, 'two.xlsx');
    await writeFile(path, fromArray([jane, raj]));
    const workbook = await readBack(path);

    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual(['Test', 'Sections', 'Candidates']);

    const testSheet = sheet(workbook, 'Test');
    expect(testSheet.actualRowCount).toBe(8);
    expect(values(testSheet, 1, 2)).toEqual(['field', 'value']);
    expect(Array.from({ length: 7 }, (_, index) => values(testSheet, index + 2, 2))).toEqual([
      ['testId', 31],
      ['testName', 'Backend screening'],
      ['accessKey', 'AK-31-xyz'],
      ['duration', 60],
      ['questions', 25],
      ['testStatus', 'Active'],
      ['sectionsCount', 2],
    ]);

    const sectionsSheet = sheet(workbook, 'Sections');
    expect(sectionsSheet.actualRowCount).toBe(3);
    expect(values(sectionsSheet, 1, 4)).toEqual(['sectionName', 'sectionType', 'questions', 'duration']);
    expect(values(sectionsSheet, 2, 4)).toEqual(['Aptitude', 'General Questions', 15, 20]);
    expect(values(sectionsSheet, 3, 4)).toEqual(['Coding', 'Coding Questions', 10, 40]);

    const candidates = sheet(workbook, 'Candidates');
    expect(candidates.actualRowCount).toBe(3);
    expect(values(candidates, 1, 16)).toEqual([
      'testInvitationId',
      'fullName',
      'emailId',
      'testStatus',
      'reportStatus',
      'attemptedOn',
      'timeTaken',
      'score',
      'totalScore',
      'wv',
      'tv',
      'Aptitude score',
      'Aptitude max',
      'Coding score',
      'Coding max',
      'codingLanguages',
    ]);

    expect(values(candidates, 2, 16)[15]).toBe('Python, TypeScript');
    expect(values(candidates, 3, 16)[15]).toBeNull();
    expect(values(candidates, 2, 15)).toEqual([
      1001,
      'Jane Doe',
      'jane.doe@example.com',
      'Completed',
      'Generated',
      new Date(Date.UTC(2026, 3, 30, 9, 15, 0)),
      42,
      37.5,
      50,
      2,
      35,
      15,
      20,
      22.5,
      30,
    ]);
    expect(values(candidates, 3, 15)).toEqual([
      1002,
      'Raj =SUM(A1)',
      'raj@example.com',
      'In progress',
      'Pending',
      null,
      0,
      -3.5,
      50,
      0,
      0,
      -3.5,
      20,
      null,
      null,
    ]);
    // Numbers are number cells, not text that looks like a number; a name starting with '=' stays text.
    expect(candidates.getRow(2).getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(candidates.getRow(3).getCell(12).type).toBe(ExcelJS.ValueType.Number);
    expect(candidates.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(candidates.getRow(2).getCell(6).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('bolds the header rows, freezes the Candidates header and sizes the columns', async () => {
    const path = join(dir, 'styles.xlsx');
    await writeFile(path, fromArray([jane]));
    const workbook = await readBack(path);

    for (const name of ['Test', 'Sections', 'Candidates']) {
      expect(sheet(workbook, name).getRow(1).getCell(1).font?.bold).toBe(true);
    }
    expect(sheet(workbook, 'Candidates').getRow(2).getCell(1).font?.bold).toBeFalsy();

    const candidates = sheet(workbook, 'Candidates');
    expect(candidates.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(candidates.getColumn(2).width).toBeGreaterThanOrEqual(20);
    expect(candidates.getColumn(12).width).toBeGreaterThanOrEqual('Aptitude score'.length);
  });

  it('keeps non-numeric score text as text and blank scores as empty cells', async () => {
    const path = join(dir, 'odd-scores.xlsx');
    await writeFile(path, fromArray([{ ...jane, report: report({ score: 'n/a', totalScore: ' ' }) }]));
    const candidates = sheet(await readBack(path), 'Candidates');
    expect(values(candidates, 2, 9).slice(7)).toEqual(['n/a', null]);
  });

  it('streams 2,000 candidates from an async generator', async () => {
    const count = 2000;
    async function* many(): AsyncGenerator<CandidateRow> {
      for (let index = 1; index <= count; index++) {
        yield {
          testInvitationId: index,
          report: report({ fullName: `Candidate ${index}`, emailId: `c${index}@example.com`, score: String(index % 50) }),
          sections: [
            { sectionName: 'Aptitude', sectionScore: 20, candidateScore: index % 21 },
            { sectionName: 'Coding', sectionScore: 30, candidateScore: index % 31 },
          ],
        };
      }
    }
    const path = join(dir, 'many.xlsx');
    await writeFile(path, many());
    const candidates = sheet(await readBack(path), 'Candidates');

    expect(candidates.actualRowCount).toBe(count + 1);
    expect(values(candidates, count + 1, 15)).toEqual([
      count,
      `Candidate ${count}`,
      `c${count}@example.com`,
      'Completed',
      'Generated',
      new Date(Date.UTC(2026, 3, 30, 9, 15, 0)),
      42,
      count % 50,
      50,
      2,
      35,
      count % 21,
      20,
      count % 31,
      30,
    ]);
  });

  it('completes through a slow output that applies backpressure', async () => {
    const chunks: Buffer[] = [];
    let waits = 0;
    const output = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        waits += 1;
        setTimeout(callback, 0);
      },
    });
    async function* rows(): AsyncGenerator<CandidateRow> {
      for (let index = 1; index <= 3000; index++) yield { ...jane, testInvitationId: index };
    }
    await writeTestWorkbook(output, test, rows());
    expect(output.writableFinished).toBe(true);
    expect(waits).toBeGreaterThan(1);

    const workbook = new ExcelJS.Workbook();
    // exceljs types `load` with its own Buffer declaration, which Node's Buffer type does not match.
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const candidates = sheet(workbook, 'Candidates');
    expect(candidates.actualRowCount).toBe(3001);
    expect(candidates.getRow(3001).getCell(1).value).toBe(3000);
  });

  it('writes the header alone when there are no candidates', async () => {
    const path = join(dir, 'none.xlsx');
    await writeFile(path, fromArray([]));
    const candidates = sheet(await readBack(path), 'Candidates');
    expect(candidates.actualRowCount).toBe(1);
  });

  it('rejects, without ending the output, when the candidates fail', async () => {
    const chunks: Buffer[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    async function* failing(): AsyncGenerator<CandidateRow> {
      yield jane;
      throw new Error('database went away');
    }
    await expect(writeTestWorkbook(output, test, failing())).rejects.toThrow('database went away');
    // Give an aborted archive the time it would need to end the output.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(output.writableEnded).toBe(false);
  });

  it('rejects when the output closes before the workbook is complete', async () => {
    let received = 0;
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback();
        if (received > 64 * 1024) this.destroy();
      },
    });
    async function* endless(): AsyncGenerator<CandidateRow> {
      for (let index = 1; ; index++) yield { ...jane, testInvitationId: index };
    }
    await expect(writeTestWorkbook(output, test, endless())).rejects.toThrow();
  });
});

describe('file names and media types', () => {
  it('names the workbook after the test', () => {
    expect(testWorkbookFileName(31)).toBe('assay-test-31-report.xlsx');
    expect(XLSX_MEDIA_TYPE).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
