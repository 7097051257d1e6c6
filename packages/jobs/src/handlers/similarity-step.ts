import {
  comparable,
  fingerprintsOf,
  isCodingAnswerGiven,
  isComparable,
  matchRegions,
  printsOfStored,
  savedAnswerLanguage,
  scoreAgainstEarlier,
  starterCodeOf,
  starterHashes,
  storedPrints,
  tokenFamily,
  type Answer,
  type ScorableQuestion,
} from '@assay/domain';
import type { Store } from '@assay/store';

export interface SimilarityInput {
  readonly orgId: number;
  readonly invitationId: number;
  readonly questions: readonly ScorableQuestion[];
  readonly answers: ReadonlyMap<number, Answer>;
}

/**
 * Similarity between candidates, incrementally (issue 34, item 1; decision 536): each coding answer of a scored attempt
 * is fingerprinted (the question's starter code removed) and kept, then compared with every other kept answer of the
 * same question and language family in the org; pairs at or above the threshold are stored with their regions. Run by
 * the score job, never on a request: a submission's answer is final by then. Keeping before reading means two attempts
 * scored at once still meet (the second to keep sees the first); the pair is stored once.
 */
export const recordSimilarity = async (store: Store, { orgId, invitationId, questions, answers }: SimilarityInput, now: () => number): Promise<void> => {
  for (const { questionId, definition } of questions) {
    const answer = answers.get(questionId);
    if (definition.type !== 'coding' || answer?.code === undefined || !isCodingAnswerGiven(definition, answer)) continue;
    const language = savedAnswerLanguage(definition, answer.language);
    const subject = comparable(fingerprintsOf(answer.code, language), starterHashes(starterCodeOf(definition, language), language));
    const family = tokenFamily(language);
    await store.similarity.keep({ orgId, questionId, invitationId, family, hashes: [...subject.distinct], prints: storedPrints(subject.prints) }, now());
    if (!isComparable(subject)) continue;
    const scored = scoreAgainstEarlier(subject, await store.similarity.othersOf(orgId, questionId, family, invitationId));
    if (scored.length === 0) continue;
    const prints = await store.similarity.printsOf(
      orgId,
      questionId,
      scored.map((pair) => pair.key),
    );
    const pairs = scored.flatMap(({ key, score }) => {
      const other = prints.get(key);
      // Kept hashes of an answer a reset has just cleared: nothing to pair with.
      if (other === undefined) return [];
      return [{ orgId, questionId, invitationId, otherInvitationId: key, score, regions: matchRegions(subject, comparable(printsOfStored(other))) }];
    });
    await store.similarity.addPairs(pairs, now());
  }
};
