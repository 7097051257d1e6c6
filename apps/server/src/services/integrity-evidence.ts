import {
  type AiUseFinding,
  aiUseEvidenceIds,
  type AttemptEvidence,
  type AttemptLog,
  type EvidenceReviews,
  evidenceIdText,
  listedSimilarPairs,
  type QuestionSignals,
  type SimilarityPairFact,
  signalEventIds,
} from '@assay/domain';
import { answerPlaceKey, type Store } from '@assay/store';

const NO_REVIEWS: EvidenceReviews = new Map();

const placeOf = (pair: { otherInvitationId: number; questionId: number }) => ({ invitationId: pair.otherInvitationId, questionId: pair.questionId });
/** The other candidates' answers of some pairs, in one read. */
const codesAt = (store: Store, orgId: number, pairs: readonly { otherInvitationId: number; questionId: number }[]) =>
  store.similarity.codesOf(orgId, pairs.map(placeOf));

/**
 * What an attempt shows as integrity evidence, read once for its report and for a review of it: the page's kept events,
 * its snapshots, the similarity pairs its report lists (`listedSimilarPairs`: the closest few per question) and how
 * many it does not, and what the page reported of each question (its pastes and large insertions are evidence too).
 */
const shownEvidenceOf = async (store: Store, orgId: number, invitationId: number) => {
  const [log, snapshots, pairs, questionSignals, aiUse] = await Promise.all([
    store.attemptLog.events(invitationId),
    store.attempts.snapshotList(invitationId),
    store.similarity.pairsOf(orgId, invitationId),
    store.questionSignals.ofAttempt(invitationId),
    store.questionSignals.aiUse(invitationId),
  ]);
  return { log, snapshots, pairs, ...listedSimilarPairs(pairs), questionSignals, aiUse };
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
  aiUse: AiUseFinding[];
  evidenceReviews: EvidenceReviews;
}> => {
  const { log, snapshots, pairs, listed: closest, unlisted: rest, questionSignals, aiUse } = await shownEvidenceOf(store, orgId, invitationId);
  const { head, tail } = log.presence;
  const reviewable =
    snapshots.length > 0 ||
    head.length > 0 ||
    tail.length > 0 ||
    closest.length > 0 ||
    aiUse.length > 0 ||
    [...questionSignals.values()].some((signals) => signals.events.length > 0);
  const [closestCodes, evidenceReviews] = await Promise.all([
    codesAt(store, orgId, closest),
    reviewable ? store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS,
  ]);
  // A reviewed pair past the closest few is listed too (decision 823); the other side's code is read only for those.
  const { listed, unlisted } =
    rest > 0
      ? listedSimilarPairs(pairs, (pair) => evidenceReviews.has(evidenceIdText({ type: 'similarity', pairId: pair.pairId })))
      : { listed: closest, unlisted: rest };
  const added = listed.filter((pair) => !closest.includes(pair));
  const codes = added.length === 0 ? closestCodes : new Map([...closestCodes, ...(await codesAt(store, orgId, added))]);
  return {
    log,
    snapshots,
    similarity: listed.map((pair) => ({ ...pair, otherCode: codes.get(answerPlaceKey(placeOf(pair))) ?? null })),
    omittedSimilarPairs: unlisted,
    questionSignals,
    aiUse,
    evidenceReviews,
  };
};

/**
 * The evidence a review may name (`knownEvidence`): what the attempt's report lists now, its departures replayed up to
 * `endedAt`, and every similarity pair of the attempt, the report's unlisted ones too: `GET …/similarity` shows them
 * all, so each can be reviewed (decision 823).
 */
export const reviewableEvidenceOf = async (store: Store, orgId: number, invitationId: number, endedAt: number): Promise<AttemptEvidence> => {
  const { log, snapshots, pairs, questionSignals, aiUse } = await shownEvidenceOf(store, orgId, invitationId);
  return {
    presence: log.presence,
    endedAt,
    snapshotIds: snapshots.map((snapshot) => snapshot.id),
    similarityPairIds: pairs.map((pair) => pair.pairId),
    signalEventIds: [...questionSignals.values()].flatMap(signalEventIds),
    aiUseIds: aiUseEvidenceIds(aiUse),
  };
};
