import { readFile } from 'node:fs/promises';
import { bulkColumnsOf, checkBulkRows, type BulkRowCheck, type RawBulkRow } from '@assay/domain/bulk';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../errors.js';

/** The file as text, or a usage error naming it: a missing file is the command line's (or the picker's) fault. */
export const readCsv = async (path: string): Promise<string> => {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
};

/** A bulk file read on this side, as the server will read it: its text (sent as is), its rows and their checks. */
export interface BulkFile {
  path: string;
  csv: string;
  rows: RawBulkRow[];
  checks: BulkRowCheck[];
}

/**
 * The CSV read the server's way (csv-parse, RFC 4180, a BOM, blank lines skipped, the header matched by the domain's
 * `bulkColumnsOf`) and every row checked by the domain's `checkBulkRows`, so the preview refuses exactly the rows the
 * server will. A file that cannot be read as CSV, or whose header lacks email or name, is a usage error with the reason.
 */
export const parseBulkFile = (path: string, csv: string, now: number): BulkFile => {
  let rows: RawBulkRow[];
  try {
    rows = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const columns = bulkColumnsOf(header);
        if (columns.err) throw new UsageError(columns.err.message);
        return columns.val.map((column) => column ?? false);
      },
    }) as RawBulkRow[];
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${path} could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { path, csv, rows, checks: checkBulkRows(rows, now) };
};

export const readBulkFile = async (path: string, now: number): Promise<BulkFile> => parseBulkFile(path, await readCsv(path), now);
