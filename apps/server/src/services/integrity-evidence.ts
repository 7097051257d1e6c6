import type { AttemptLog, EvidenceReviews, QuestionSignals, SimilarityPairFact } from '@assay/domain';
import type { Store } from '@assay/store';

const NO_REVIEWS: EvidenceReviews = new Map();

/**
 * An attempt's integrity evidence for its report: the page's kept events, its snapshots, its similarity pairs with
 * other candidates' answers and what the page reported of each question (issue 34: its pastes and large insertions are
 * evidence too), and the latest review of each piece (issue 32, item 5). Reviews are read only when the attempt shows
 * something to review — a kept presence event, a snapshot, a pair, a listed paste or insertion — so the report of a
 * quiet attempt costs no more reads.
 */
export const integrityEvidenceOf = async (
  store: Store,
  orgId: number,
  invitationId: number,
): Promise<{
  log: AttemptLog;
  snapshots: { id: number; takenAt: number }[];
  similarity: SimilarityPairFact[];
  questionSignals: Map<number, QuestionSignals>;
  evidenceReviews: EvidenceReviews;
}> => {
  const [log, snapshots, similarity, questionSignals] = await Promise.all([
    store.attemptLog.events(invitationId),
    store.attempts.snapshotList(invitationId),
    similarityPairsOf(store, orgId, invitationId),
    store.questionSignals.ofAttempt(invitationId),
  ]);
  const { head, tail } = log.presence;
  const reviewable =
    snapshots.length > 0 ||
    head.length > 0 ||
    tail.length > 0 ||
    similarity.length > 0 ||
    [...questionSignals.values()].some((signals) => signals.events.length > 0);
  return { log, snapshots, similarity, questionSignals, evidenceReviews: reviewable ? await store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS };
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
