import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import { bulkColumnsOf, type RawBulkRow } from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import { RefusalError, refusal, unwrap } from '../refusal-error.js';
import { unsupportedCharset } from '../plugins/body-charset.js';

/**
 * A bulk file's CSV as rows (docs/bulk-invitations.md): RFC 4180 by csv-parse — quoted commas, quotes and line breaks
 * in a cell, CRLF or LF, a UTF-8 BOM — with the header matched by the domain (`bulkColumnsOf`). Blank lines are
 * skipped; a file that is not well formed is refused whole (400.20) with csv-parse's account of where.
 */
export const parseBulkCsv = (text: string): RawBulkRow[] => {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => unwrap(bulkColumnsOf(header)).map((column) => column ?? false),
    }) as RawBulkRow[];
  } catch (error) {
    if (error instanceof RefusalError) throw error;
    throw refusal('400.20', `The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/** `text/csv` bodies for the routes of this scope only: UTF-8, read into rows before the route's schema sees them. */
export const acceptCsvBodies = (app: FastifyInstance): void => {
  app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (request, bytes: Buffer, done) => {
    const charset = unsupportedCharset(request.headers['content-type']);
    if (charset !== undefined)
      done(refusal('400.16', `The CSV is declared as charset=${charset}: Assay reads CSV files only as UTF-8 (text/csv;charset=utf-8).`), undefined);
    else if (!isUtf8(bytes)) done(refusal('400.15', 'The CSV is not valid UTF-8: save it as UTF-8 (with or without a BOM) and send it again.'), undefined);
    else {
      try {
        done(null, parseBulkCsv(bytes.toString('utf8')));
      } catch (error) {
        done(error as Error, undefined);
      }
    }
  });
};
