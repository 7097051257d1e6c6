import type { AttemptLog, EvidenceReviews } from '@assay/domain';
import type { Store } from '@assay/store';

const NO_REVIEWS: EvidenceReviews = new Map();

/**
 * An attempt's integrity evidence for its report: the page's kept events, its snapshots, and the latest review of each
 * piece (issue 32, item 5). Reviews are read only when the attempt shows something to review — a departure needs a
 * kept presence event, a review a snapshot or departure — so the report of a quiet attempt costs no more reads.
 */
export const integrityEvidenceOf = async (
  store: Store,
  invitationId: number,
): Promise<{ log: AttemptLog; snapshots: { id: number; takenAt: number }[]; evidenceReviews: EvidenceReviews }> => {
  const [log, snapshots] = await Promise.all([store.attemptLog.events(invitationId), store.attempts.snapshotList(invitationId)]);
  const { head, tail } = log.presence;
  const reviewable = snapshots.length > 0 || head.length > 0 || tail.length > 0;
  return { log, snapshots, evidenceReviews: reviewable ? await store.evidenceReviews.latestOf(invitationId) : NO_REVIEWS };
};
