import { z } from 'zod';
import { documentedInteger } from './schemas/documented-formats.js';
import type { Refusal } from './result.js';
import type { RefusalKind } from './refusals/refusal-kind.js';

/**
 * Spec Int64 ids travel as JSON numbers, as in the samples. The service issues ids from 1 upwards and
 * never past 2^53 - 1, so every JSON parser reads them exactly (decision 1, "Int64 ids").
 */
export const Id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = z.infer<typeof Id>;

/** Stands for a well-formed id that cannot have been issued (past 2^53 - 1): it is never found. */
export const UNISSUED_ID = -1;

/** The largest Int64, the spec's id type. */
const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * A path id as the API document declares it (`integer`, `format: int64`, `minimum: 1`): decimal digits without a
 * sign or leading zeros, from 1 to 2^63 - 1. Anything else — `0`, `007`, 20 digits, a number past Int64 — is
 * malformed (400.3), one answer for the whole class (decision 119, "Path ids").
 */
export const isWellFormedId = (text: string): boolean =>
  // Up to 18 digits is always below 2^63 - 1: no BigInt is built for the ids of every request.
  /^[1-9][0-9]{0,18}$/.test(text) && (text.length < 19 || BigInt(text) <= INT64_MAX);

/** What a path's well-formed id is read as: the number, or UNISSUED_ID past 2^53 - 1. */
export const idOfWellFormed = (digits: string): number => {
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : UNISSUED_ID;
};

/**
 * An id in a path: well-formed (above), else 400.3. Well-formed ids the service never issues (past 2^53 - 1)
 * map to UNISSUED_ID so they answer 404 like any other unknown id.
 */
export const IdParam = z
  .string()
  .refine(isWellFormedId, { error: 'must be an id: a whole number from 1 to 9223372036854775807, without leading zeros' })
  .transform(idOfWellFormed)
  .meta(documentedInteger({ minimum: 1, format: 'int64' }));

/** A well-formed id that cannot name anything the service issued: past 2^53 - 1. */
export const isUnissuedId = (digits: string): boolean =>
  // Up to 15 digits is always below 2^53: every path's id is checked, and almost all are that short.
  digits.length > 15 && isWellFormedId(digits) && !Number.isSafeInteger(Number(digits));

/** The not-found answer of each id a path can carry, and the noun its message names. */
const PATH_ID_NOT_FOUND: Record<string, { kind: RefusalKind; noun: string }> = {
  testId: { kind: 'test-not-found', noun: 'test' },
  testLinkId: { kind: 'test-link-not-found', noun: 'test link' },
  testInvitationId: { kind: 'invitation-not-found', noun: 'test invitation' },
  jobId: { kind: 'delivery-not-found', noun: 'delivery' },
  orgId: { kind: 'org-not-found', noun: 'organization' },
  keyId: { kind: 'api-key-not-found', noun: 'API key' },
  questionId: { kind: 'question-not-found', noun: 'question' },
};

/**
 * A path naming an id that cannot exist answers the same 404 as an unknown id, quoting the digits as sent
 * (a number past 2^53 - 1 cannot be carried through as one without changing it).
 */
export const unissuedPathIdRefusal = (params: Record<string, unknown>): Refusal | undefined => {
  for (const [name, value] of Object.entries(params)) {
    const answer = PATH_ID_NOT_FOUND[name];
    if (answer && typeof value === 'string' && isUnissuedId(value)) return { kind: answer.kind, message: `No ${answer.noun} ${value}.` };
  }
  return undefined;
};
