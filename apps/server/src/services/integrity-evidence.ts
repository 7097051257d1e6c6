import type { AttemptLog, EvidenceReviews, SimilarityPairFact } from '@assay/domain';
import type { Store } from '@assay/store';

const NO_REVIEWS: EvidenceReviews = new Map();

/**
 * An attempt's integrity evidence for its report: the page's kept events, its snapshots, its similarity pairs with
 * other candidates' answers (issue 34) and the latest review of each piece (issue 32, item 5). Reviews are read only
 * when the attempt shows something to review — a departure needs a kept presence event, a review a snapshot, departure
 * or pair — so the report of a quiet attempt costs no more reads.
 */
export const integrityEvidenceOf = async (
  store: Store,
  orgId: number,
  invitationId: number,
): Promise<{ log: AttemptLog; snapshots: { id: number; takenAt: number }[]; similarity: SimilarityPairFact[]; evidenceReviews: EvidenceReviews }> => {
  const [log, snapshots, similarity] = await Promise.all([
    store.attemptLog.events(invitationId),
    store.attempts.snapshotList(invitationId),
    similarityPairsOf(store, orgId, invitationId),
  ]);
  const { head, tail } = log.presence;
  const reviewable = snapshots.length > 0 || head.length > 0 || tail.length > 0 || similarity.length > 0;
  return { log, snapshots, similarity, evidenceReviews: reviewable ? await store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS };
};

/** The attempt's similarity pairs, each with the other candidate's answer to the question (for the matching lines). */
const similarityPairsOf = async (store: Store, orgId: number, invitationId: number): Promise<SimilarityPairFact[]> => {
  const pairs = await store.similarity.pairsOf(orgId, invitationId);
  return Promise.all(
    pairs.map(async (pair) => {
      const answers = await store.attempts.answers(pair.otherInvitationId);
      const code = answers.find((saved) => saved.questionId === pair.questionId)?.answer.code ?? null;
      return { ...pair, otherCode: code };
    }),
  );
};
