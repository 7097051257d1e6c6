import { z } from 'zod';
import { attemptVariant, isFixedAttempt, questionsOfVariant } from '../candidate/question-variant.js';
import { Id, IdParam } from '../ids.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { PagingQuery } from '../schemas/paging.js';
import type { EvidenceReviews } from './integrity-evidence-detail.js';
import { SimilarityPairDetail, type SimilarityPairFact, similarityDetails } from './similarity-detail.js';

/**
 * Every similarity pair of an attempt, page by page (issue 50 item 6, decision 822): the report lists the closest few
 * per question (decision 622); this list reaches the rest, each pair reviewable like a listed one.
 */
export const SimilarityPageQuery = z.object({
  page_size: PagingQuery.shape.page_size.meta({ description: 'Pairs per page (default 20, at most 100).' }),
  page_no: PagingQuery.shape.page_no,
  questionId: IdParam.optional().meta({ description: "Only the pairs of this question (its questionId in the report's details)." }),
});
export type SimilarityPageQuery = z.infer<typeof SimilarityPageQuery>;

export const SimilarityPairEntry = SimilarityPairDetail.extend({
  pairId: Id.meta({ description: 'The pair; reviewed as `similarity-<pairId>` (its eventId).' }),
}).meta({ id: 'SimilarityPairEntry' });
export type SimilarityPairEntry = z.infer<typeof SimilarityPairEntry>;

export const SimilarityPage = z
  .object({
    pairs: z.array(SimilarityPairEntry).meta({ description: 'Highest score first, then by pair id.' }),
    pairsCount: z.int().nonnegative().meta({ description: 'Every pair that matches (all pages).' }),
  })
  .meta({ id: 'SimilarityPage' });
export type SimilarityPage = z.infer<typeof SimilarityPage>;

/** The pairs a page holds, from all of the attempt's (without the other answers' code yet), and how many match. */
export const similarityPageOf = <T extends { readonly pairId: number; readonly questionId: number; readonly score: number }>(
  pairs: readonly T[],
  query: SimilarityPageQuery,
): { page: T[]; pairsCount: number } => {
  const matching = pairs
    .filter((pair) => query.questionId === undefined || pair.questionId === query.questionId)
    .sort((a, b) => b.score - a.score || a.pairId - b.pairId);
  const offset = (query.page_no - 1) * query.page_size;
  return { page: matching.slice(offset, offset + query.page_size), pairsCount: matching.length };
};

/** The page's entries, shaped as `/details` lists its pairs, each with its pair id. */
export const similarityPageEntries = (
  pairs: readonly SimilarityPairFact[],
  numberOf: (questionId: number) => number | null,
  reviews: EvidenceReviews,
): SimilarityPairEntry[] => similarityDetails(pairs, numberOf, reviews).map((detail, index) => ({ ...detail, pairId: pairs[index]!.pairId }));

/**
 * Each asked question's number as the report numbers it: the test's order, or this candidate's draw when the test has
 * pools or shuffling (as `buildReportDetails` does).
 */
export const askedQuestionNumbers = (
  sections: readonly SectionRecord[],
  questions: readonly QuestionRecord[],
  variantSeed: number | null,
): ((questionId: number) => number | null) => {
  const variant = isFixedAttempt(sections, variantSeed) ? undefined : attemptVariant(sections, questions, variantSeed);
  const asked = variant ? questionsOfVariant(variant, questions) : questions;
  const numbers = new Map<number, number>();
  for (const section of sections) for (const question of asked) if (question.sectionId === section.id) numbers.set(question.id, numbers.size + 1);
  return (questionId) => numbers.get(questionId) ?? null;
};
