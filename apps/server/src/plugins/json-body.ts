import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { refusal } from '../refusal-error.js';
import { unsupportedCharset } from './body-charset.js';

/** Deeper than any real payload; recursive validators would overflow the stack long before a body limit bites. */
export const MAX_JSON_DEPTH = 64;

/** True when arrays and objects nest deeper than `max`; iterative, so hostile input cannot overflow the stack. */
export const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
};

/**
 * Bodies are JSON only (anything else is 400.8), in UTF-8 only. Integrations send `content-type:
 * application/json;charset=utf-8` on every request, bodiless GETs and POSTs included: an empty body is "no body"
 * (the route's schema decides). A body is read as bytes and checked before it is decoded (400.16 for another
 * charset, 400.15 for bytes that are not UTF-8): decoding would put U+FFFD where the bytes were, and store that.
 * `isUtf8` is one pass of SIMD validation, no allocation, on the hot path of every POST.
 */
export const acceptJsonBodiesOnly = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  // Fastify's parser reports a prototype key as "invalid JSON"; it is valid JSON with a forbidden field.
  const hasPrototypeKey = (text: string): boolean => {
    try {
      secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
      return false;
    } catch (error) {
      return error instanceof SyntaxError && /forbidden prototype property/.test(error.message);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes: Buffer, done) => {
    if (bytes.length === 0) {
      done(null, undefined);
      return;
    }
    const charset = unsupportedCharset(request.headers['content-type']);
    if (charset !== undefined) {
      done(
        refusal(
          'unsupported-charset',
          `The body is declared as charset=${charset}: Assay reads request bodies only as UTF-8 (application/json;charset=utf-8).`,
        ),
        undefined,
      );
      return;
    }
    if (!isUtf8(bytes)) {
      done(refusal('body-not-utf8', 'The request body is not valid UTF-8: send JSON encoded as UTF-8 (application/json;charset=utf-8).'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error && hasPrototypeKey(text)) {
        done(refusal('invalid-field', 'The request body uses a reserved key (__proto__ or constructor.prototype): no field has that name.'), undefined);
      } else if (error) done(error, undefined);
      else if (nestsDeeperThan(parsed, MAX_JSON_DEPTH))
        done(refusal('invalid-field', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      else done(null, parsed);
    });
  });
};
