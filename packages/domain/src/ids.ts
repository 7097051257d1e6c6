import { z } from 'zod';
import { documentedInteger } from './schemas/documented-formats.js';
import type { Refusal } from './result.js';
import type { FailureCode } from './status-codes.js';

/**
 * Spec Int64 ids travel as JSON numbers, as in the samples. The service issues ids from 1 upwards and
 * never past 2^53 - 1, so every JSON parser reads them exactly (docs/decisions.md, "Int64 ids").
 */
export const Id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = z.infer<typeof Id>;

/** Stands for a well-formed id that cannot have been issued (0, or past 2^53 - 1): it is never found. */
export const UNISSUED_ID = -1;

/**
 * An id in a path: decimal digits only, else 400.3. Well-formed ids that cannot exist map to
 * UNISSUED_ID so they answer 404 like any other unknown id.
 */
export const IdParam = z
  .string()
  .regex(/^[0-9]{1,19}$/, { error: 'must be a positive integer id' })
  .transform((digits) => {
    const id = Number(digits);
    return Number.isSafeInteger(id) && id > 0 ? id : UNISSUED_ID;
  })
  .meta(documentedInteger({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' }));

/** An Int64-shaped id (up to 19 digits) that cannot name anything the service issued: 0, or past 2^53 - 1. */
export const isUnissuedId = (digits: string): boolean => /^[0-9]{1,19}$/.test(digits) && !(Number.isSafeInteger(Number(digits)) && Number(digits) > 0);

/** The not-found answer of each id a path can carry, and the noun its message names. */
const PATH_ID_NOT_FOUND: Record<string, { code: FailureCode; noun: string }> = {
  testId: { code: '404.2', noun: 'test' },
  testLinkId: { code: '404.3', noun: 'test link' },
  testInvitationId: { code: '404.4', noun: 'test invitation' },
  jobId: { code: '404.10', noun: 'delivery' },
  orgId: { code: '404.5', noun: 'organization' },
  keyId: { code: '404.6', noun: 'API key' },
  questionId: { code: '404.8', noun: 'question' },
};

/**
 * A path naming an id that cannot exist answers the same 404 as an unknown id, quoting the digits as sent
 * (a number past 2^53 - 1 cannot be carried through as one without changing it).
 */
export const unissuedPathIdRefusal = (params: Record<string, unknown>): Refusal | undefined => {
  for (const [name, value] of Object.entries(params)) {
    const answer = PATH_ID_NOT_FOUND[name];
    if (answer && typeof value === 'string' && isUnissuedId(value)) return { code: answer.code, message: `No ${answer.noun} ${value}.` };
  }
  return undefined;
};
