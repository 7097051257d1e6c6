import { z } from 'zod';
import { documentedInteger } from './documented-formats.js';

export const MAX_PAGE_SIZE = 100;
/** Nine digits at most, as the text rule below reads them. */
export const MAX_PAGE_NO = 999_999_999;

export const positiveIntegerText = (name: string, max?: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { error: `${name} must be a positive integer` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: `${name} must be at least 1` })
        .max(max ?? Number.MAX_SAFE_INTEGER, { error: `${name} must be at most ${max}` }),
    );

/** List paging: page_size defaults to 20 (at most 100), page_no to 1 (spec section 8). */
export const PagingQuery = z.object({
  page_size: positiveIntegerText('page_size', MAX_PAGE_SIZE)
    .default(20)
    .meta({ ...documentedInteger({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }), description: 'Tests per page (default 20).' }),
  page_no: positiveIntegerText('page_no')
    .default(1)
    .meta({ ...documentedInteger({ minimum: 1, maximum: MAX_PAGE_NO, default: 1 }), description: 'Page number, from 1 (the default).' }),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

export const pageOffset = ({ page_size, page_no }: PagingQuery): number => (page_no - 1) * page_size;
