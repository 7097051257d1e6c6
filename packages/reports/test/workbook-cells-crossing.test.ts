import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { CANDIDATES_SHEET, QUESTIONS_SHEET, ReportRenderer, type CandidateRow, type WorkbookRow } from '../src/index.js';
import { candidateReport, fromArray, readWorkbookFile, workbookTest, writeWorkbookFile } from './workbook-files.js';

/**
 * The request thread sends each Candidates row to the workbook thread as its cells, no longer as the report objects.
 * These rows hold what that crossing could change: dates, numbers beside number-like text, empty cells, XML's
 * specials and controls, and a text near Excel's longest.
 */
const longText = `${'Ünïcödé & <long> "text" '.repeat(1_300)}end`;
const tricky: CandidateRow[] = [
  {
    testInvitationId: 1,
    report: candidateReport({ fullName: `Tom & Jerry <"O'Neil"> \u0001\u000B\u007F tab\there`, emailId: 'a&b@example.com', score: '0', totalScore: '1e3' }),
    sections: [{ sectionName: 'Aptitude', sectionScore: 20, candidateScore: -0.25 }],
  },
  {
    testInvitationId: 2,
    report: candidateReport({ fullName: longText, attemptedOn: null, score: 'n/a', totalScore: '   ', timeTaken: 0, wv: 0, tv: 0 }),
    sections: [],
  },
  {
    testInvitationId: 3,
    report: candidateReport({
      fullName: '=SUM(A1)',
      emailId: '',
      attemptedOn: 'not a time',
      score: ' -3.50 ',
      // Completed: a row without a score leaves its score cells empty (decision 799).
      testStatus: 'Completed',
      reportStatus: 'Pending',
    }),
    sections: [
      { sectionName: 'Coding', sectionScore: 30, candidateScore: 0 },
      { sectionName: 'Aptitude', sectionScore: 20, candidateScore: 12.345 },
    ],
  },
];
const rows: WorkbookRow[] = [
  ...tricky,
  { kind: 'questions-header', columns: [{ number: 1, questionId: 5, marks: 2, text: 'Sum <a> & b', coding: true }] },
  { kind: 'questions-row', testInvitationId: 1, emailId: 'a&b@example.com', fullName: 'Tom & Jerry', cells: [2, 'python', '3/4'] },
  { kind: 'questions-row', testInvitationId: 2, emailId: '', fullName: longText, cells: null },
  { kind: 'questions-row', testInvitationId: 3, emailId: '', fullName: '=SUM(A1)', cells: [null, 'javascript', null] },
];

/** Every row of a sheet as each cell's type and value, so a date read back as text or a number as a string differs. */
const cellsOf = (workbook: ExcelJS.Workbook, name: string): unknown[][] => {
  const sheet = workbook.getWorksheet(name)!;
  const read: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      const value = cell.value instanceof Date ? `date ${cell.value.toISOString()}` : cell.value;
      cells.push([column, cell.type, value, cell.numFmt ?? null, cell.alignment?.wrapText ?? false]);
    });
    read.push([rowNumber, cells]);
  });
  return read;
};

const bytesOf = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

const renderer = new ReportRenderer({ threads: 1 });
const directory = mkdtempSync(join(tmpdir(), 'assay-cells-crossing-'));
afterAll(async () => {
  await renderer.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the workbook streamed through its thread', () => {
  it('holds the cells the report rows give when written directly: types, dates, empty cells, escaped and long texts', async () => {
    const directPath = join(directory, 'direct.xlsx');
    await writeWorkbookFile(directPath, fromArray(rows));
    const direct = await readWorkbookFile(directPath);
    const streamed = new ExcelJS.Workbook();
    await streamed.xlsx.load((await bytesOf(renderer.streamWorkbook(workbookTest, fromArray(rows)))) as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);

    for (const sheet of [CANDIDATES_SHEET, QUESTIONS_SHEET]) expect(cellsOf(streamed, sheet)).toEqual(cellsOf(direct, sheet));
    // What the direct path itself gives for these rows (so the comparison is not of two equal mistakes).
    const candidates = streamed.getWorksheet(CANDIDATES_SHEET)!;
    expect(candidates.getCell('B2').value).toBe(`Tom & Jerry <"O'Neil">${' '.repeat(5)}tab here`);
    expect(candidates.getCell('F2').value).toEqual(new Date('2026-04-30T09:15:00Z'));
    expect(candidates.getCell('H2').value).toBe(0);
    expect(candidates.getCell('I2').value).toBe(1000);
    expect(candidates.getCell('B3').value).toBe(longText);
    expect(candidates.getCell('F3').type).toBe(ExcelJS.ValueType.Null);
    expect(candidates.getCell('H3').value).toBe('n/a');
    expect(candidates.getCell('I3').type).toBe(ExcelJS.ValueType.Null);
    expect(candidates.getCell('F4').value).toBe('not a time');
    expect(candidates.getCell('H4').value).toBe(-3.5);
    // The first section's score, after wv, tv and the five integrity summary columns (issue 48).
    expect(candidates.getCell('Q4').value).toBe(12.345);
  });
});
