import {
  type AttemptEvidence,
  type AttemptLog,
  type EvidenceReviews,
  listedSimilarPairs,
  type QuestionSignals,
  type SimilarityPairFact,
  signalEventIds,
} from '@assay/domain';
import { answerPlaceKey, type Store } from '@assay/store';

const NO_REVIEWS: EvidenceReviews = new Map();

/**
 * What an attempt shows as integrity evidence, read once for its report and for a review of it: the page's kept events,
 * its snapshots, the similarity pairs its report lists (`listedSimilarPairs`: the closest few per question) and how
 * many it does not, and what the page reported of each question (its pastes and large insertions are evidence too).
 */
const shownEvidenceOf = async (store: Store, orgId: number, invitationId: number) => {
  const [log, snapshots, pairs, questionSignals] = await Promise.all([
    store.attemptLog.events(invitationId),
    store.attempts.snapshotList(invitationId),
    store.similarity.pairsOf(orgId, invitationId),
    store.questionSignals.ofAttempt(invitationId),
  ]);
  return { log, snapshots, ...listedSimilarPairs(pairs), questionSignals };
};

/**
 * An attempt's integrity evidence for its report (issue 34), each listed pair with the other candidate's answer to the
 * question (for the matching lines, one query for all), and the latest review of each piece (issue 32, item 5). Reviews
 * are read only when the attempt shows something to review — a kept presence event, a snapshot, a pair, a listed paste
 * or insertion — so the report of a quiet attempt costs no more reads.
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
  const { log, snapshots, listed, unlisted, questionSignals } = await shownEvidenceOf(store, orgId, invitationId);
  const { head, tail } = log.presence;
  const reviewable =
    snapshots.length > 0 ||
    head.length > 0 ||
    tail.length > 0 ||
    listed.length > 0 ||
    [...questionSignals.values()].some((signals) => signals.events.length > 0);
  const places = listed.map((pair) => ({ invitationId: pair.otherInvitationId, questionId: pair.questionId }));
  const [codes, evidenceReviews] = await Promise.all([
    store.similarity.codesOf(orgId, places),
    reviewable ? store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS,
  ]);
  return {
    log,
    snapshots,
    similarity: listed.map((pair, index) => ({ ...pair, otherCode: codes.get(answerPlaceKey(places[index]!)) ?? null })),
    omittedSimilarPairs: unlisted,
    questionSignals,
    evidenceReviews,
  };
};

/** The evidence a review may name (`knownEvidence`): what the attempt's report lists now, its departures replayed up to `endedAt`. */
export const reviewableEvidenceOf = async (store: Store, orgId: number, invitationId: number, endedAt: number): Promise<AttemptEvidence> => {
  const { log, snapshots, listed, questionSignals } = await shownEvidenceOf(store, orgId, invitationId);
  return {
    presence: log.presence,
    endedAt,
    snapshotIds: snapshots.map((snapshot) => snapshot.id),
    similarityPairIds: listed.map((pair) => pair.pairId),
    signalEventIds: [...questionSignals.values()].flatMap(signalEventIds),
  };
};
