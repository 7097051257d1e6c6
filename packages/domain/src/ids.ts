import { z } from 'zod';

/**
 * Spec Int64 ids travel as JSON numbers, as in the samples. The service issues ids from 1 upwards and
 * never past 2^53 - 1, so every JSON parser reads them exactly (docs/decisions.md, "Int64 ids").
 */
export const Id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = z.infer<typeof Id>;

/** An id in a path: decimal digits only; anything else is a 400.3, a well-formed unknown id a 404. */
export const IdParam = z
  .string()
  .regex(/^[0-9]{1,19}$/, { error: 'must be a positive integer id' })
  .transform((digits) => Number(digits))
  .pipe(z.number().int().positive({ error: 'must be a positive integer id' }));

/** Ids past the safe range cannot have been issued: they are simply not found. */
export const isIssuableId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;
