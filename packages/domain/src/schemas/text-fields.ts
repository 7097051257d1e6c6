import { z } from 'zod';
import { FORBIDDEN_IN, forbiddenCharacterIn, normaliseNewlines, type TextShape } from '../text/control-characters.js';
import { showsNothing } from '../text/visible-name.js';

/**
 * The one check every text field of a request body carries (test/security/text-fields-refuse-controls.test.ts
 * walks the API document and fails on a field without it): "fullName must not contain control characters
 * (U+001B)", naming the field and the first character refused. Formats that already exclude them (emails,
 * URLs, date-times) carry it too, so the answer names the character whatever the field.
 */
export const plainText = (field: string, shape: TextShape = 'single-line') =>
  z.check<string>((ctx) => {
    const found = forbiddenCharacterIn(ctx.value, shape);
    if (found) {
      const message = `${field} must not contain ${found.kind} (${found.codePoint})`;
      // `textShape` lets `parseStored` tell these issues from any other.
      ctx.issues.push({ code: 'custom', input: ctx.value, message, params: { textShape: shape } });
    }
  });

/**
 * The words of a union (a URL, '' or null) that failed: a branch's refused character when one refused it, so the
 * answer names the character as for any other field; else `fallback`.
 */
export const unionError =
  (fallback: string) =>
  (issue: z.core.$ZodRawIssue): string => {
    const branches = issue.code === 'invalid_union' ? (issue.errors as z.core.$ZodIssue[][]) : [];
    const refused = branches.flat().find((inner) => inner.code === 'custom' && inner.params?.textShape !== undefined);
    return refused?.message ?? fallback;
  };

/** A field of a partial update: left out keeps the stored value; null or "" clears it; text replaces it. */
export const clearable = <T extends z.ZodType<string>>(field: string, value: T) =>
  z
    .union([value, z.literal(''), z.null()], { error: unionError(`${field} must be a string, "" or null`) })
    .optional()
    .transform((given) => (given === undefined ? undefined : given || null));

/**
 * The rule as the API document states it: no forbidden character anywhere, and (zod trims first, JSON Schema
 * cannot) at least one that is not whitespace either.
 */
const documented = (shape: TextShape, blank: boolean) => {
  const forbidden = FORBIDDEN_IN[shape];
  return { pattern: blank ? `^[^${forbidden}]*$` : `^[^${forbidden}]*[^\\s${forbidden}][^${forbidden}]*$` };
};

const messages = (field: string, max: number) => ({
  type: { error: `${field} is required and must be a string` },
  empty: { error: `${field} must not be empty` },
  long: { error: `${field} must be at most ${max} characters` },
});

/** A name, title or label: trimmed, 1 to `max` characters, one line, no control or bidi character. */
export const singleLineText = (field: string, max: number) => {
  const say = messages(field, max);
  return z.string(say.type).trim().min(1, say.empty).max(max, say.long).check(plainText(field)).meta(documented('single-line', false));
};

/** The words of a name that shows nothing (decision 1008), for every front that registers or invites a candidate. */
export const invisibleNameMessage = (field: string): string =>
  `${field} must contain a visible character: it holds only spaces or invisible characters (such as zero-width spaces)`;

/**
 * A candidate's name: as `singleLineText`, and not made only of characters that show nothing (zero-width, format,
 * whitespace; decision 1008), which would list, email and report a candidate no one can see.
 */
export const personName = (field: string, max: number) =>
  singleLineText(field, max).refine((name) => !showsNothing(name), { error: invisibleNameMessage(field) });

/**
 * Prose of several lines (a question's text, a test's description): newlines and tabs stay, CRLF becomes LF, and
 * no other control or bidi character is taken. Trimmed and required unless `blank` (then kept as written).
 */
export const multiLineText = (field: string, max: number, { blank = false, description }: { blank?: boolean; description?: string } = {}) => {
  const say = messages(field, max);
  const text = z.string(say.type).overwrite(normaliseNewlines);
  const bounded = blank ? text.max(max, say.long) : text.trim().min(1, say.empty).max(max, say.long);
  return bounded.check(plainText(field, 'lines')).meta({ ...documented('lines', blank), ...(description === undefined ? {} : { description }) });
};

/**
 * Code (a candidate's answer or sample run, a question's starter code) is kept exactly as written: tabs, CRLF and
 * form feeds belong to code, and a refused save would lose a candidate's answer under the clock. Only NUL is refused
 * (as in every body); whatever shows code neutralises it (`displayLines`), and the sandbox runs what was written.
 */
export const verbatimCode = (max: number) => z.string().max(max);

/**
 * A candidate's code (an answer, a run): as `verbatimCode`, refused over `max` in words the page shows as they come
 * ("code has 100,012 characters, over the limit of 100,000 characters"), not zod's "Too big" (decision 667).
 */
export const candidateCode = (max: number) =>
  z.string().max(max, {
    error: (issue) =>
      `code has ${typeof issue.input === 'string' ? issue.input.length.toLocaleString('en') : 'more'} characters, over the limit of ${max.toLocaleString('en')} characters`,
  });
