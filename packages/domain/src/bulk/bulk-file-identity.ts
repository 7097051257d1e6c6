import { normalizeEmail } from '../schemas/registration.js';
import { cellText as cell, type RawBulkRow } from './bulk-rows.js';

/**
 * What makes two bulk files "the same file" (decision 482): the same rows in the same order, each as it would be
 * registered — the address compared as registrations compare it (letter case, spaces), the other cells trimmed.
 * A CSV and a JSON list of the same rows, a BOM, CRLF line ends, quoting or column order make no difference; the
 * shell hashes this text with the org and the test (`bulkFileKey`) into the job's idempotency key.
 */
export const bulkFileIdentity = (rows: readonly RawBulkRow[]): string =>
  JSON.stringify(rows.map((row) => [normalizeEmail(cell(row.email)), cell(row.name), cell(row.extraTimePercent), cell(row.linkExpiresAt)]));

/** The text whose hash is a file's idempotency key: one key per org, test and file. */
export const bulkFileKeyText = (orgId: number, testId: number, rows: readonly RawBulkRow[]): string => `${orgId}\n${testId}\n${bulkFileIdentity(rows)}`;
