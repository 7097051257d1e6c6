import { z } from 'zod';
import { evidenceIdText } from '../history/evidence-review.js';
import { Id } from '../ids.js';
import type { MatchRegion } from '../similarity/compare-fingerprints.js';
import { type EvidenceReviews, reviewedEvidenceFields, reviewOf } from './integrity-evidence-detail.js';

/**
 * Similarity between candidates in the report (issue 34, items 1 and 6): each pair of this attempt's coding answer
 * with another candidate's answer to the same question at or above the threshold, with the matching regions (lines
 * here and there, and the other answer's lines, so the report shows both sides without a second read). Evidence for a
 * reviewer, never a verdict: the score is not touched, and each pair is reviewable (`similarity-<pairId>`).
 */
const Lines = z.object({ from: z.int().positive(), to: z.int().positive() });

export const SimilarityRegionDetail = z
  .object({
    lines: Lines.meta({ description: "The lines of this candidate's answer." }),
    otherLines: Lines.meta({ description: "The lines of the other candidate's answer." }),
    otherCode: z.string().meta({ description: "Those lines of the other candidate's answer (at most 60)." }),
  })
  .meta({ id: 'SimilarityRegionDetail' });

export const SimilarityPairDetail = z
  .object({
    questionId: Id,
    questionNumber: z.int().positive().nullable().meta({ description: 'The question as numbered in this report.' }),
    otherTestInvitationId: Id,
    otherCandidateName: z.string(),
    score: z.number().min(0).max(1).meta({ description: 'Shared fingerprints (Dice, 0–1); pairs are listed from the threshold, 0.5, up.' }),
    regions: z.array(SimilarityRegionDetail),
    foundAt: z.string().meta({ description: 'ISO 8601, UTC' }),
    ...reviewedEvidenceFields,
  })
  .meta({ id: 'SimilarityPairDetail' });
export type SimilarityPairDetail = z.infer<typeof SimilarityPairDetail>;

/** A pair as the shell reads it: the store's row and the other answer's code. */
export interface SimilarityPairFact {
  readonly pairId: number;
  readonly questionId: number;
  readonly otherInvitationId: number;
  readonly otherCandidateName: string;
  readonly score: number;
  readonly regions: readonly MatchRegion[];
  readonly foundAt: number;
  /** The other candidate's answer now; null when it is gone (a reset of theirs clears the pair with it). */
  readonly otherCode: string | null;
}

export const MAX_REGION_LINES = 60;

/** Pairs a report lists per question: the highest scores; the rest are counted (decision 622). */
export const MAX_LISTED_PAIRS_PER_QUESTION = 5;

/**
 * Which of an attempt's pairs its report lists: per question the MAX_LISTED_PAIRS_PER_QUESTION highest scores (ties by
 * the order given), and any pair `reviewed` says a reviewer reviewed (from `GET …/similarity`, which lists them all), so
 * a review always shows and counts in the summary (decision 823); highest first overall; `unlisted` counts the rest.
 * When a class shares one textbook answer, every candidate pairs with every other: the report shows the closest few,
 * not hundreds (decision 622).
 */
export const listedSimilarPairs = <T extends { readonly questionId: number; readonly score: number }>(
  pairs: readonly T[],
  reviewed: (pair: T) => boolean = () => false,
): { listed: T[]; unlisted: number } => {
  const perQuestion = new Map<number, number>();
  const listed = [...pairs]
    .sort((a, b) => b.score - a.score)
    .filter((pair) => {
      const count = perQuestion.get(pair.questionId) ?? 0;
      perQuestion.set(pair.questionId, count + 1);
      return count < MAX_LISTED_PAIRS_PER_QUESTION || reviewed(pair);
    });
  return { listed, unlisted: pairs.length - listed.length };
};

const linesOf = (code: string | null, from: number, to: number): string =>
  code === null
    ? ''
    : code
        .split('\n')
        .slice(from - 1, Math.min(to, from + MAX_REGION_LINES - 1))
        .join('\n');

/** The pairs as `/details` lists them, highest score first, each with its evidence id and latest review. */
export const similarityDetails = (
  pairs: readonly SimilarityPairFact[],
  numberOf: (questionId: number) => number | null,
  reviews?: EvidenceReviews,
): SimilarityPairDetail[] =>
  pairs.map((pair) => {
    const eventId = evidenceIdText({ type: 'similarity', pairId: pair.pairId });
    return {
      questionId: pair.questionId,
      questionNumber: numberOf(pair.questionId),
      otherTestInvitationId: pair.otherInvitationId,
      otherCandidateName: pair.otherCandidateName,
      score: pair.score,
      regions: pair.regions.map(({ left, right }) => ({ lines: left, otherLines: right, otherCode: linesOf(pair.otherCode, right.from, right.to) })),
      foundAt: new Date(pair.foundAt).toISOString(),
      eventId,
      review: reviewOf(reviews, eventId),
    };
  });
