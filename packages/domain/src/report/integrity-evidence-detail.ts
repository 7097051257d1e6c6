import { z } from 'zod';
import { EvidenceOutcome, evidenceIdText, type EvidenceReview } from '../history/evidence-review.js';
import type { KeptEvents } from './event-log.js';
import { departuresOfLog } from './timelines.js';

/**
 * Reviewed integrity evidence in the report (issue 32, item 5): each departure and snapshot `/details` lists carries
 * the id a reviewer names it by (`PUT …/evidence/{eventId}`) and the outcome that counts, beside the raw signal, which
 * stays as it was (v2's wv and tv are the raw counts).
 */
export const EvidenceReviewDetail = z
  .object({
    outcome: EvidenceOutcome,
    note: z.string(),
    by: z.string().meta({ description: 'The label of the key that reviewed it.' }),
    at: z.string().meta({ description: 'ISO 8601, UTC' }),
  })
  .meta({ id: 'EvidenceReviewDetail' });
export type EvidenceReviewDetail = z.infer<typeof EvidenceReviewDetail>;

/** The fields each piece of evidence gains; optional so that a client reads an older server's details. */
export const reviewedEvidenceFields = {
  eventId: z.string().optional().meta({ description: 'The id `PUT /v2/org/testinvitation/{id}/evidence/{eventId}` names it by.' }),
  review: EvidenceReviewDetail.nullable().optional().meta({ description: "The reviewer's latest outcome; null while unreviewed." }),
};

/** The latest review of each piece of evidence, by its id (the store's `evidenceReviews.latestOf`). */
export type EvidenceReviews = ReadonlyMap<string, EvidenceReview>;

/** The review detail of one piece of evidence, or null while unreviewed. */
export const reviewOf = (reviews: EvidenceReviews | undefined, eventId: string): EvidenceReviewDetail | null => {
  const review = reviews?.get(eventId);
  return review ? { outcome: review.outcome, note: review.note, by: review.reviewedBy.label, at: review.reviewedAt } : null;
};

const iso = (at: number): string => new Date(at).toISOString();

/** The counted departures the log kept (replayed up to `endedAt`), each with its evidence id and review. */
export const departureDetails = (presence: KeptEvents, endedAt: number, reviews?: EvidenceReviews) =>
  departuresOfLog(presence, endedAt).map((departure) => {
    const eventId = evidenceIdText({ type: 'departure', leftAt: departure.leftAt });
    return {
      eventId,
      leftAt: iso(departure.leftAt),
      returnedAt: departure.returnedAt === null ? null : iso(departure.returnedAt),
      seconds: departure.seconds,
      review: reviewOf(reviews, eventId),
    };
  });

/** The attempt's snapshots, each with its evidence id and review. */
export const snapshotDetails = (snapshots: readonly { readonly id: number; readonly takenAt: number }[], reviews?: EvidenceReviews) =>
  snapshots.map((snapshot) => {
    const eventId = evidenceIdText({ type: 'snapshot', snapshotId: snapshot.id });
    return { snapshotId: snapshot.id, takenAt: iso(snapshot.takenAt), eventId, review: reviewOf(reviews, eventId) };
  });
