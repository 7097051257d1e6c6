import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { CandidateReport, TestDetails } from '@assay/domain';
import { writeTestWorkbook } from '../src/test-workbook.js';
import type { CandidateRow, WorkbookRow } from '../src/workbook-rows.js';

/** What the workbook tests write and read back. */
export const workbookTest: TestDetails = {
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

export const candidateReport = (overrides: Partial<CandidateReport> = {}): CandidateReport => ({
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

export const jane: CandidateRow = {
  testInvitationId: 1001,
  report: candidateReport(),
  // One of her two departures dismissed, a paste confirmed (issue 48).
  integrity: {
    level: 'confirmed',
    departures: { total: 2, confirmed: 0, dismissed: 1, unreviewed: 1 },
    pastes: { total: 1, confirmed: 1, dismissed: 0, unreviewed: 0 },
    similarAnswers: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
    snapshots: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
  },
  // Listed out of test order, with an entry the test does not have: matching is by name.
  sections: [
    { sectionName: 'Coding', sectionScore: 30, candidateScore: 22.5 },
    { sectionName: 'Retired section', sectionScore: 5, candidateScore: 5 },
    { sectionName: 'Aptitude', sectionScore: 20, candidateScore: 15 },
  ],
  // Issue 50 (decision 820): her score as the report reads it, her accommodation, her link and her earlier attempt.
  reading: { percent: 75, percentile: 62, verdict: 'Strong' },
  extraTimePercent: 25,
  testLink: { id: 31, name: 'Campus drive' },
  previousInvitationId: 990,
};

export const raj: CandidateRow = {
  testInvitationId: 1002,
  report: candidateReport({
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

export async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

export const writeWorkbookFile = async (path: string, rows: AsyncIterable<WorkbookRow>, test: TestDetails = workbookTest): Promise<void> => {
  await writeTestWorkbook(createWriteStream(path), test, rows);
};

export const readWorkbookFile = async (path: string): Promise<ExcelJS.Workbook> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
};

export const sheetOf = (workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet => {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
};

/** Row values from column 1 (exceljs row.values is 1-based, with a hole at index 0); an empty cell is null. */
export const rowValues = (worksheet: ExcelJS.Worksheet, rowNumber: number, width: number): unknown[] => {
  const row = worksheet.getRow(rowNumber);
  return Array.from({ length: width }, (_, index) => row.getCell(index + 1).value ?? null);
};
