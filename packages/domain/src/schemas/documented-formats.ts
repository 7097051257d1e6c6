/**
 * How the API document (and every JSON Schema generated from the zod schemas) states formats that zod
 * checks in code: passed to `.meta()`, whose keys zod copies into the generated schema.
 */

/** The spec's instants on the wire: UTC `YYYY-MM-DDTHH:MM:SS`, no zone suffix (date-time.ts). */
export const WIRE_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$';

export const wireDateTimeFormat = (description: string) => ({
  pattern: WIRE_DATE_TIME_PATTERN,
  description: `${description} UTC, YYYY-MM-DDTHH:MM:SS (no zone suffix).`,
});

/**
 * A query or path value zod reads as decimal digits and turns into a number: documented as the integer
 * it stands for, with its bounds (an `int64` without a maximum is bounded by its format). The digits rule
 * is the text's (`pattern: undefined` drops it), which generated clients need not know: they send a number.
 */
export const documentedInteger = (bounds: { minimum: number; maximum?: number; default?: number; format?: 'int64' }) => ({
  type: 'integer' as const,
  ...bounds,
  pattern: undefined,
});

/**
 * Text zod trims before its `min(1)`: whitespace alone is empty. JSON Schema cannot trim, so the document
 * asks for at least one character that is not whitespace (`\s` is the set String.prototype.trim removes).
 */
export const notBlank = { pattern: '\\S' };
