import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Harness } from './test-app.js';

/**
 * The Candidates sheet of a test's Excel export as the org downloads it: its headings, and each row by its
 * `testInvitationId` as heading → cell (an empty cell is null).
 */
export const candidatesSheetOf = async (h: Harness, testId: number) => {
  const response = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Candidates')!;
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
  const headings = values(sheet.getRow(1)).map(String);
  const rows = new Map<number, Record<string, unknown>>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const record = Object.fromEntries(headings.map((heading, index) => [heading, values(row)[index] ?? null]));
    rows.set(Number(record.testInvitationId), record);
  });
  return { headings, rows };
};
