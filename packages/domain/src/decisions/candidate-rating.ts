import { z } from 'zod';

/** `PUT …/rating`: the calling key's own rating, 1 to 5 (one per key; DELETE removes it). */
export const RatingInput = z
  .object({
    rating: z
      .int({ error: 'rating must be a whole number from 1 to 5' })
      .min(1, { error: 'rating must be a whole number from 1 to 5' })
      .max(5, { error: 'rating must be a whole number from 1 to 5' }),
  })
  .meta({ id: 'CandidateRatingBody' });
export type RatingInput = z.infer<typeof RatingInput>;

/** The mean of the ratings, one decimal; null without any. */
export const meanRating = (ratings: readonly { readonly rating: number }[]): number | null =>
  ratings.length === 0 ? null : Math.round((ratings.reduce((sum, { rating }) => sum + rating, 0) / ratings.length) * 10) / 10;
