import type { Kysely } from 'kysely';
import { EVIDENCE_REVIEW_BOUND, type EvidenceOutcome, type EvidenceReview } from '@assay/domain';
import type { Database } from '../database.js';
import { recordHistory } from './invitation-history.js';
import { takeBoundedSeq } from './bounded-streams.js';

export interface NewEvidenceReview {
  readonly invitationId: number;
  readonly eventId: string;
  readonly outcome: EvidenceOutcome;
  readonly note: string;
  readonly keyId: number;
  readonly at: number;
}

/**
 * Reviews of an attempt's integrity evidence (issue 32, item 5): appended, the latest per evidence id counts. Each
 * evidence id's reviews are a bounded stream (decision 635): its first and latest reviews, the one that counts among them.
 */
export class EvidenceReviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends a review and its history entry in one transaction (the caller's, or its own). */
  async add(review: NewEvidenceReview): Promise<void> {
    const write = async (db: Kysely<Database>) => {
      const stream = { table: 'evidence_reviews', column: 'event_id', invitationId: review.invitationId, value: review.eventId } as const;
      const seq = await takeBoundedSeq(db, stream, EVIDENCE_REVIEW_BOUND);
      await db
        .insertInto('evidence_reviews')
        .values({
          invitation_id: review.invitationId,
          event_id: review.eventId,
          outcome: review.outcome,
          note: review.note,
          key_id: review.keyId,
          reviewed_at: review.at,
          seq,
        })
        .execute();
      await recordHistory(
        db,
        review.invitationId,
        { kind: 'evidence-reviewed', details: { eventId: review.eventId, outcome: review.outcome } },
        { keyId: review.keyId },
        review.at,
      );
    };
    await (this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write));
  }

  /**
   * The outcome that counts for each reviewed piece of evidence of an attempt (its latest review), by evidence id, in
   * one query: what the report shows beside the raw signal. Reviews of evidence a reset cleared stay stored; their ids
   * (a departure's instant, a snapshot's id) name nothing the attempt still shows, so they pair with nothing.
   */
  async latestOf(invitationId: number): Promise<Map<string, EvidenceReview>> {
    const rows = await this.db
      .selectFrom('evidence_reviews')
      .leftJoin('api_keys', 'api_keys.id', 'evidence_reviews.key_id')
      .select([
        'evidence_reviews.event_id',
        'evidence_reviews.outcome',
        'evidence_reviews.note',
        'evidence_reviews.reviewed_at',
        'evidence_reviews.key_id',
        'api_keys.label',
        'api_keys.prefix',
      ])
      .where('evidence_reviews.invitation_id', '=', invitationId)
      .orderBy('evidence_reviews.id')
      .execute();
    const latest = new Map<string, EvidenceReview>();
    for (const row of rows) {
      latest.set(row.event_id, {
        eventId: row.event_id,
        outcome: row.outcome as EvidenceOutcome,
        note: row.note,
        reviewedAt: new Date(row.reviewed_at).toISOString(),
        reviewedBy: { keyId: row.key_id, label: row.label ?? row.prefix ?? '' },
      });
    }
    return latest;
  }
}
