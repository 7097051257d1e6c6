import { type AttemptLog, type EvidenceReviews, listedSimilarPairs, type QuestionSignals, type SimilarityPairFact } from '@assay/domain';
import { answerPlaceKey, type Store } from '@assay/store';

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
  omittedSimilarPairs: number;
  questionSignals: Map<number, QuestionSignals>;
  evidenceReviews: EvidenceReviews;
}> => {
  const [log, snapshots, { similarity, omittedSimilarPairs }, questionSignals] = await Promise.all([
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
  return {
    log,
    snapshots,
    similarity,
    omittedSimilarPairs,
    questionSignals,
    evidenceReviews: reviewable ? await store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS,
  };
};

/**
 * The pairs the attempt's report lists (`listedSimilarPairs`: the closest few per question), each with the other
 * candidate's answer to the question (for the matching lines) read in one query, and how many it does not list.
 */
const similarityPairsOf = async (
  store: Store,
  orgId: number,
  invitationId: number,
): Promise<{ similarity: SimilarityPairFact[]; omittedSimilarPairs: number }> => {
  const { listed, unlisted } = listedSimilarPairs(await store.similarity.pairsOf(orgId, invitationId));
  const places = listed.map((pair) => ({ invitationId: pair.otherInvitationId, questionId: pair.questionId }));
  const codes = await store.similarity.codesOf(orgId, places);
  return {
    similarity: listed.map((pair, index) => ({ ...pair, otherCode: codes.get(answerPlaceKey(places[index]!)) ?? null })),
    omittedSimilarPairs: unlisted,
  };
};
