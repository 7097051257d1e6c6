import { finished } from 'node:stream/promises';
import { Parser } from 'csv-parse';
import { bulkColumnsOf, countBulkRow, type RawBulkRow } from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import { RefusalError, refusal, unwrap } from '../refusal-error.js';
import { readBodyInChunks, type ChunkReader } from '../http/streamed-body.js';
import { unsupportedCharset } from '../plugins/body-charset.js';

const unreadable = (error: unknown): Error =>
  error instanceof RefusalError
    ? error
    : refusal('bulk-file-unreadable', `The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);

const [QUOTE, LINE_FEED, CARRIAGE_RETURN] = [0x22, 0x0a, 0x0d];

/**
 * Counts a CSV's records ahead of csv-parse, the way it splits them: a line break outside quotes ends a record, a line
 * with nothing on it is skipped. One pass over bytes, so a socket chunk of 20,000 short rows is counted in well under
 * a millisecond and refused (413.2) before csv-parse makes a row of it; csv-parse still decides what the rows are.
 */
export const csvRecordCounter = () => {
  let quoted = false;
  let content = false;
  let records = 0;
  return (bytes: Buffer): void => {
    for (let at = 0; at < bytes.length; at += 1) {
      const byte = bytes[at]!;
      if (byte === QUOTE) quoted = !quoted;
      if (quoted) {
        content = true;
        continue;
      }
      if (byte === LINE_FEED) {
        // The header is a record too: the file's rows are the records after it.
        if (content) records = unwrap(countBulkRow(records - 1)) + 1;
        content = false;
      } else if (byte !== CARRIAGE_RETURN && byte !== QUOTE) content = true;
    }
  };
};

const notUtf8 = () => refusal('body-not-utf8', 'The CSV is not valid UTF-8: save it as UTF-8 (with or without a BOM) and send it again.');

/**
 * A bulk file's CSV read into rows as it arrives (docs/bulk-invitations.md): RFC 4180 by csv-parse's streaming
 * parser — quoted commas, quotes and line breaks in a cell, CRLF or LF, a UTF-8 BOM — with the header matched by the
 * domain (`bulkColumnsOf`). Blank lines are skipped; a file that is not well formed is refused whole (400.20) with
 * csv-parse's account of where. Rows are counted as they are parsed: the first past 10,000 refuses the file (413.2)
 * and nothing after it is parsed or read (decision 630). Each chunk is checked as UTF-8 as it comes (400.15).
 */
export const bulkCsvReader = (): ChunkReader<RawBulkRow[]> => {
  const rows: RawBulkRow[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new Parser({
    bom: true,
    skip_empty_lines: true,
    columns: (header: string[]) => unwrap(bulkColumnsOf(header)).map((column) => column ?? false),
    // Called as each record is made; throwing stops the parser there. Nothing is pushed to the stream's own buffer.
    on_record: (record) => {
      unwrap(countBulkRow(rows.length));
      rows.push(record as RawBulkRow);
      return null;
    },
  });
  // Errors are read from `errored`, set as the write fails; the event itself only needs a listener.
  parser.on('error', () => undefined);
  parser.resume();
  return {
    ahead: csvRecordCounter(),
    chunk(bytes) {
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        throw notUtf8();
      }
      parser.write(bytes);
      if (parser.errored) throw unreadable(parser.errored);
    },
    async end() {
      try {
        decoder.decode();
      } catch {
        throw notUtf8();
      }
      parser.end();
      await finished(parser).catch((error: unknown) => {
        throw unreadable(error);
      });
      return rows;
    },
  };
};

/** `text/csv` bodies for the routes of this scope only: UTF-8, read into rows as they arrive, before the route's schema sees them. */
export const acceptCsvBodies = (app: FastifyInstance): void => {
  app.addContentTypeParser('text/csv', (request, payload, done) => {
    const charset = unsupportedCharset(request.headers['content-type']);
    if (charset !== undefined)
      done(
        refusal('unsupported-charset', `The CSV is declared as charset=${charset}: Assay reads CSV files only as UTF-8 (text/csv;charset=utf-8).`),
        undefined,
      );
    else readBodyInChunks(request, payload, bulkCsvReader(), done);
  });
};
