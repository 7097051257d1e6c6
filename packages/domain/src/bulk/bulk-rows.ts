import { z } from 'zod';
import { RegisterCandidateInput, normalizeEmail } from '../schemas/registration.js';
import { parseWireDateTime } from '../date-time.js';
import { describeIssues } from '../validation-message.js';
import { ok, refuse, type Result } from '../result.js';

/** The most rows one bulk file may hold: more is refused whole (413.2), before anything is stored. */
export const MAX_BULK_ROWS = 10_000;

/**
 * The columns of a bulk file, CSV header or JSON key alike (`docs/bulk-invitations.md`): email and name are required,
 * extraTimePercent and linkExpiresAt optional. A CSV's header is matched without regard to letter case or spaces
 * around it, and other columns are ignored (an ATS export has many).
 */
export const BULK_COLUMNS = ['email', 'name', 'extraTimePercent', 'linkExpiresAt'] as const;
export const REQUIRED_BULK_COLUMNS = ['email', 'name'] as const;

/** A row as it arrived: CSV cells are text, JSON values may be numbers; nothing is trusted yet. */
export const RawBulkRow = z.object({
  email: z.unknown().optional(),
  name: z.unknown().optional(),
  extraTimePercent: z.unknown().optional(),
  linkExpiresAt: z.unknown().optional(),
});
export type RawBulkRow = z.infer<typeof RawBulkRow>;

/** A row that may be registered: the same checks as a single registration (4.7), from its own schema. */
export interface ValidBulkRow {
  row: number;
  email: string;
  name: string;
  extraTimePercent: number | undefined;
  /** Milliseconds since the epoch; recorded with the row (see decision 486). */
  linkExpiresAt: number | undefined;
}

export type BulkRowCheck = { ok: true; value: ValidBulkRow } | { ok: false; row: number; email: string; reason: string };

/** The registration's own rules for the address, the name and the extra time: one home for them (4.7). */
const RegistrationFields = RegisterCandidateInput.pick({ emailId: true, fullName: true, extraTimePercent: true });

const LinkExpiry = z.iso.datetime({
  offset: true,
  error: 'linkExpiresAt must be a UTC date-time YYYY-MM-DDTHH:MM:SS or ISO 8601 with its offset, e.g. 2026-12-31T18:00:00Z',
});

/**
 * A cell as text. A JSON file's cell may be a list or an object: written as JSON, so its row is refused in words — never
 * String(), which throws on an object whose `toString` is not a function (`{"toString": ""}`) and would answer 500.
 */
export const cellText = (value: unknown): string =>
  (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)).trim();

const BULK_FIELDS = RawBulkRow.keyof().options;

/** An empty cell is "left out"; anything else must be a whole number (the registration's schema says which). */
const extraTimeOf = (value: unknown): unknown => {
  if (typeof value === 'number') return value;
  const cell = cellText(value);
  return cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
};

/** Field names in a refusal are the file's (email, name), not the API's (emailId, fullName). */
const fileFieldNames = (reason: string): string => reason.replace(/\bemailId\b/g, 'email').replace(/\bfullName\b/g, 'name');

/**
 * One row of a bulk file checked as a registration would be, at `now` (an expiry must lie ahead). `row` is its
 * number as a person counts it: the first data row is 1, whatever the header.
 */
export const checkBulkRow = (raw: RawBulkRow, row: number, now: number): BulkRowCheck => {
  const email = cellText(raw.email);
  const structured = BULK_FIELDS.find((field) => typeof raw[field] === 'object' && raw[field] !== null);
  if (structured) return { ok: false, row, email, reason: `${structured} must be text or a number, not a list or an object` };
  const fields = RegistrationFields.safeParse({ emailId: email, fullName: cellText(raw.name), extraTimePercent: extraTimeOf(raw.extraTimePercent) });
  if (!fields.success) return { ok: false, row, email, reason: fileFieldNames(describeIssues(fields.error.issues)) };
  const expiryCell = cellText(raw.linkExpiresAt);
  let linkExpiresAt: number | undefined;
  if (expiryCell !== '') {
    // The API's own date-time (YYYY-MM-DDTHH:MM:SS, UTC, as on links and `PUT …/expiry`) or ISO 8601 with an offset,
    // as spreadsheets and ATS exports write it (decision 497).
    linkExpiresAt = parseWireDateTime(expiryCell);
    if (linkExpiresAt === undefined) {
      const expiry = LinkExpiry.safeParse(expiryCell);
      if (!expiry.success) return { ok: false, row, email, reason: describeIssues(expiry.error.issues) };
      linkExpiresAt = Date.parse(expiry.data);
    }
    if (linkExpiresAt <= now) return { ok: false, row, email, reason: `linkExpiresAt ${expiryCell} is in the past` };
  }
  const { emailId, fullName, extraTimePercent } = fields.data;
  return { ok: true, value: { row, email: emailId, name: fullName, extraTimePercent, linkExpiresAt } };
};

/**
 * Every row of a file checked, in order. An address a file names twice is registered once, for its first row;
 * the later row is refused and says which row invited it, so a person can mend the file.
 */
export const checkBulkRows = (rows: readonly RawBulkRow[], now: number): BulkRowCheck[] => {
  const firstRowOf = new Map<string, number>();
  return rows.map((raw, index) => {
    const checked = checkBulkRow(raw, index + 1, now);
    if (!checked.ok) return checked;
    const key = normalizeEmail(checked.value.email);
    const first = firstRowOf.get(key);
    if (first !== undefined) return { ok: false, row: checked.value.row, email: checked.value.email, reason: `the same address as row ${first}` };
    firstRowOf.set(key, checked.value.row);
    return checked;
  });
};

/**
 * The refusal of a file over MAX_BULK_ROWS (413.2). A file is counted while it arrives and refused at its first row
 * past the limit, without reading the rest (decision 630): so the answer says "more than", not how many.
 */
const tooManyBulkRows = <T>(): Result<T> =>
  refuse(
    'bulk-file-too-many-rows',
    `The file has more than ${MAX_BULK_ROWS} rows: at most ${MAX_BULK_ROWS} are taken in one job. Split it and send each part.`,
  );

/** One more row of a file being read: its number, or 413.2 the moment the file passes MAX_BULK_ROWS. */
export const countBulkRow = (rowsSoFar: number): Result<number> => (rowsSoFar >= MAX_BULK_ROWS ? tooManyBulkRows() : ok(rowsSoFar + 1));

/** A file is taken whole or refused whole for its size: over MAX_BULK_ROWS is 413.2 (an empty one is fine: a job of none). */
export const acceptBulkFileSize = <Row>(rows: readonly Row[]): Result<readonly Row[]> => (rows.length > MAX_BULK_ROWS ? tooManyBulkRows() : ok(rows));

/**
 * A CSV's header as the file's columns: matched without regard to case or surrounding spaces; other columns are left
 * out; a header without email or name refuses the file (400.20) before any row is read.
 */
export const bulkColumnsOf = (header: readonly string[]): Result<(string | undefined)[]> => {
  const known = new Map(BULK_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const columns = header.map((name) => known.get(name.trim().toLowerCase()));
  const missing = REQUIRED_BULK_COLUMNS.filter((column) => !columns.includes(column));
  return missing.length > 0
    ? refuse(
        'bulk-file-unreadable',
        `The CSV header must name ${missing.join(' and ')} (columns: ${BULK_COLUMNS.join(', ')}); it names ${header.map((name) => JSON.stringify(name)).join(', ') || 'nothing'}.`,
      )
    : ok(columns);
};
