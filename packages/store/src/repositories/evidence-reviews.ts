import type { Kysely } from 'kysely';
import { EVIDENCE_REVIEW_BOUND, actorName, type EvidenceOutcome, type EvidenceReview } from '@assay/domain';
import type { Database } from '../database.js';
import { recordHistory } from './invitation-history.js';
import { takeBoundedSeq } from './bounded-streams.js';

/** What an attempt holds as integrity evidence, counted without reading it (the workbook's summary, issue 48). */
export interface EvidenceCountsOfAttempt {
  /** Pastes and large insertions the page reported, all questions together. */
  readonly pastes: number;
  readonly similarPairs: number;
  readonly snapshots: number;
  /** Whether any review of its evidence is stored: only then is its evidence read piece by piece. */
  readonly reviewed: boolean;
}

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
      .leftJoin('people', 'people.id', 'api_keys.person_id')
      .select([
        'people.name as person_name',
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
        reviewedBy: { keyId: row.key_id, label: actorName({ personName: row.person_name, label: row.label, prefix: row.prefix }) },
      });
    }
    return latest;
  }

  /**
   * The evidence counts of a batch of an org's attempts, in five grouped queries for the batch (never one per
   * attempt): the workbook's Candidates sheet summarises each attempt's integrity evidence (decision 647). Attempts
   * without any are absent.
   */
  async countsOf(orgId: number, invitationIds: readonly number[]): Promise<Map<number, EvidenceCountsOfAttempt>> {
    const counts = new Map<number, { pastes: number; similarPairs: number; snapshots: number; reviewed: boolean }>();
    if (invitationIds.length === 0) return counts;
    const entry = (id: number) => {
      const found = counts.get(Number(id));
      if (found) return found;
      const fresh = { pastes: 0, similarPairs: 0, snapshots: 0, reviewed: false };
      counts.set(Number(id), fresh);
      return fresh;
    };
    const ids = [...invitationIds];
    const side = (column: 'left_invitation_id' | 'right_invitation_id') =>
      this.db
        .selectFrom('similarity_pairs')
        .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('count')])
        .where('org_id', '=', orgId)
        .where(column, 'in', ids)
        .groupBy(column)
        .execute();
    const [signals, left, right, snapshots, reviewed] = await Promise.all([
      this.db
        .selectFrom('question_signals')
        .select(['invitation_id as id', (eb) => eb.fn.sum<number>(eb('pastes', '+', eb.ref('insertions'))).as('count')])
        .where('invitation_id', 'in', ids)
        .groupBy('invitation_id')
        .execute(),
      side('left_invitation_id'),
      side('right_invitation_id'),
      this.db
        .selectFrom('snapshots')
        .select(['invitation_id as id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('invitation_id', 'in', ids)
        .groupBy('invitation_id')
        .execute(),
      this.db.selectFrom('evidence_reviews').select('invitation_id as id').distinct().where('invitation_id', 'in', ids).execute(),
    ]);
    // PostgreSQL hands counts and sums over as strings.
    for (const row of signals) entry(row.id).pastes += Number(row.count ?? 0);
    for (const row of [...left, ...right]) entry(row.id).similarPairs += Number(row.count);
    for (const row of snapshots) entry(row.id).snapshots += Number(row.count);
    for (const row of reviewed) entry(row.id).reviewed = true;
    return counts;
  }
}
