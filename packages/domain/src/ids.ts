import { z } from 'zod';

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
  });
