import type { AssayClient } from '@assay/client';
import { InvitationStatus } from '@assay/domain/invitations';
import ExcelJS from 'exceljs';
import { z } from 'zod';

/** One invitation of a test as the Excel export's Candidates sheet lists it. */
export const InvitationRow = z.object({
  testInvitationId: z.coerce.number().int().positive(),
  fullName: z.coerce.string(),
  emailId: z.coerce.string(),
  testStatus: InvitationStatus,
  score: z.union([z.number(), z.string()]).nullable(),
  totalScore: z.union([z.number(), z.string()]).nullable(),
  wv: z.coerce.number().int(),
  tv: z.coerce.number().int(),
  /** The integrity summary's level in words (issue 48); absent from an older server's workbook. */
  integrity: z.string().nullable().optional(),
});
export type InvitationRow = z.infer<typeof InvitationRow>;

const CANDIDATES_SHEET = 'Candidates';

const plain = (value: ExcelJS.CellValue): unknown => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'result' in value) return value.result ?? null;
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  return value;
};

/** Reads the Candidates sheet by its header names (section columns and unknown ones are ignored). */
export const invitationsOfWorkbook = async (bytes: Uint8Array): Promise<InvitationRow[]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CANDIDATES_SHEET);
  if (!sheet) throw new Error(`The test report has no ${CANDIDATES_SHEET} sheet.`);
  const headers = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => headers.set(column, String(plain(cell.value))));
  const rows: InvitationRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const record: Record<string, unknown> = {};
    for (const [column, header] of headers) record[header] = plain(row.getCell(column).value);
    rows.push(InvitationRow.parse(record));
  });
  return rows;
};

/**
 * Every invitation of a test with its status, score and violations. API v2 has no list of invitations; the
 * test's Excel report (4.14) has one row per invitation, so that is what is read (decision 41).
 */
export const loadInvitations = async (client: AssayClient, testId: number, signal: AbortSignal): Promise<InvitationRow[]> => {
  const file = await client.reports.excel(testId, { signal });
  return invitationsOfWorkbook(await file.bytes());
};
