import { isUtf8 } from 'node:buffer';
import { countBulkRow } from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { refusal } from '../refusal-error.js';
import { readBodyInChunks, type ChunkReader } from '../http/streamed-body.js';
import { MAX_JSON_DEPTH } from '../plugins/json-body.js';
import { unsupportedCharset } from '../plugins/body-charset.js';

/** More values (members, elements, containers) in one row than any real row has: an ATS export has tens of columns. */
export const MAX_VALUES_PER_ROW = 1_000;

const [QUOTE, BACKSLASH, COMMA, COLON, OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT] = [0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d];
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

const invalidJson = () => refusal('body-not-json', 'The request body is not valid JSON.');

/** Rows' (or a body's) text parsed as the app's JSON parser would (plugins/json-body.ts): UTF-8, no prototype keys. */
const parseText = (text: string): unknown => {
  try {
    return secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /forbidden prototype property/.test(error.message))
      throw refusal('invalid-field', 'The request body uses a reserved key (__proto__ or constructor.prototype): no field has that name.');
    throw invalidJson();
  }
};
const utf8Text = (bytes: Buffer): string => {
  if (!isUtf8(bytes)) throw refusal('body-not-utf8', 'The request body is not valid UTF-8: send JSON encoded as UTF-8 (application/json;charset=utf-8).');
  return bytes.toString('utf8');
};

/**
 * A JSON bulk file read as it arrives (decision 630). A scanner that knows only the structure — strings, nesting, the
 * top-level list's items — finds the rows as the slices come, counts them (413.2 at the first past 10,000, the rest
 * unread), the values in each (400.2 past MAX_VALUES_PER_ROW) and the nesting (400.2 past 64, as for every body), and
 * parses the rows a slice completed, together, at the slice's end. No step parses more than a slice's rows, so an
 * 8 MiB list of empty objects costs a scan of its first 10,001 rows, where JSON.parse of the whole made 2.8 million
 * objects. A body that is not a list is one unit under the same budget, parsed whole, for the route's schema to refuse.
 */
export const bulkJsonReader = (): ChunkReader<unknown> => {
  const rows: unknown[] = [];
  let phase: 'start' | 'list' | 'single' | 'after' = 'start';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let separators = 0;
  let counted = 0;
  /** Copies of earlier slices' bytes of the row still open; whether one is open, where it starts here, its values. */
  let carry: Buffer[] = [];
  let open = false;
  let openAt = 0;
  let values = 0;

  const countValue = () => {
    values += 1;
    if (values > MAX_VALUES_PER_ROW) {
      const where = phase === 'single' ? 'The body' : `Row ${counted + 1}`;
      throw refusal(
        'invalid-field',
        `${where} holds more than ${MAX_VALUES_PER_ROW} values: a row is one object of cells (email, name, extraTimePercent, linkExpiresAt).`,
      );
    }
  };

  const scan = (chunk: Buffer) => {
    /** Where this slice's first unparsed row starts, and where its last complete row ends. */
    if (open) openAt = 0;
    let from = open ? 0 : -1;
    let lastEnd = -1;
    const openRow = (at: number) => {
      open = true;
      openAt = at;
      values = 0;
      if (from < 0) from = at;
    };
    const closeRow = (at: number) => {
      const next = countBulkRow(counted);
      if (next.err) throw refusal(next.err.kind, next.err.message);
      counted = next.val;
      open = false;
      lastEnd = at;
    };
    for (let at = 0; at < chunk.length; at += 1) {
      const byte = chunk[at]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (isSpace(byte)) continue;
      if (phase === 'after') throw invalidJson();
      if (phase === 'start') {
        if (byte === OPEN_LIST) {
          phase = 'list';
          depth = 1;
          continue;
        }
        phase = 'single';
        openRow(at);
      } else if (phase === 'list' && depth === 1 && !open && byte !== COMMA && byte !== CLOSE_LIST) openRow(at);
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
        depth += 1;
        if (depth > MAX_JSON_DEPTH) throw refusal('invalid-field', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
        countValue();
      } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) {
        depth -= 1;
        if (phase === 'list' && depth === 0) {
          // `[]` is an empty list; `[1,]` and `[,]` are not JSON.
          if (open) closeRow(at);
          else if (separators > 0) throw invalidJson();
          phase = 'after';
        } else if (depth < 0) throw invalidJson();
      } else if (byte === COMMA && phase === 'list' && depth === 1) {
        if (!open) throw invalidJson();
        separators += 1;
        closeRow(at);
      } else if (byte === COMMA || byte === COLON) countValue();
    }
    if (lastEnd >= 0) {
      // The rows completed here are a list's items with their commas between them: one parse for all of them.
      const bytes = Buffer.concat([...carry, chunk.subarray(from, lastEnd)]);
      rows.push(...(parseText(`[${utf8Text(bytes)}]`) as unknown[]));
      carry = [];
    }
    // A copy: the slice may be a view over a buffer the socket reuses.
    if (open) carry.push(Buffer.from(chunk.subarray(openAt > lastEnd ? openAt : 0)));
  };

  return {
    chunk: scan,
    end() {
      if (phase === 'start') return undefined;
      if (phase === 'list') throw invalidJson();
      return phase === 'single' ? parseText(utf8Text(Buffer.concat(carry))) : rows;
    },
  };
};

/** `application/json` bodies of this scope's routes read by `bulkJsonReader` instead of whole (plugins/json-body.ts). */
export const acceptStreamedJsonRows = (app: FastifyInstance): void => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const charset = unsupportedCharset(request.headers['content-type']);
    if (charset !== undefined)
      done(
        refusal(
          'unsupported-charset',
          `The body is declared as charset=${charset}: Assay reads request bodies only as UTF-8 (application/json;charset=utf-8).`,
        ),
        undefined,
      );
    else readBodyInChunks(request, payload, bulkJsonReader(), done);
  });
};
