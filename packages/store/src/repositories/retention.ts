import type { Kysely } from 'kysely';
import { type AccessTime, INVITATION_STATUS, type RetentionSettings, windowClosesAt, windowFromStored } from '@assay/domain';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { ERASED_KEY_PREFIX, erasedRowEmail } from './erasure-writes.js';

/** An org whose retention has at least one period (the sweep skips the rest). */
export interface RetainingOrg {
  readonly orgId: number;
  readonly settings: RetentionSettings;
}

/** A never-started invitation as the domain's unstarted rule needs it (`unstartedExpired`). */
export interface UnstartedInvitation {
  readonly id: number;
  /** When it was last made or reset (`updated_at`). */
  readonly madeAt: number;
  /** When its window closes (its own expiry, its link's end); null when it never does. */
  readonly closesAt: number | null;
}

/** How much one purge removed. */
export interface MediaPurged {
  readonly invitations: number;
  readonly snapshots: number;
  readonly playback: number;
}

const settingsOf = (row: { ended: number | null; media: number | null; unstarted: number | null }): RetentionSettings => ({
  endedDays: row.ended === null ? null : Number(row.ended),
  mediaDays: row.media === null ? null : Number(row.media),
  unstartedDays: row.unstarted === null ? null : Number(row.unstarted),
});

const settingsColumns = ['orgs.retention_ended_days as ended', 'orgs.retention_media_days as media', 'orgs.retention_unstarted_days as unstarted'] as const;

/**
 * Retention by rule (issue 51 item 2, migration 043): an org's periods, and the pages of invitations past each
 * cut-off that the sweep erases (through the erasure core) or whose media it purges (here). Each read is one page
 * after an id, so a sweep over years of data never holds one long transaction.
 */
export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The org's periods; undefined for no such org. What the candidate page tells the candidate (item 4). */
  async settings(orgId: number): Promise<RetentionSettings | undefined> {
    const row = await this.db.selectFrom('orgs').select(settingsColumns).where('id', '=', orgId).executeTakeFirst();
    return row && settingsOf(row);
  }

  async setSettings(orgId: number, settings: RetentionSettings): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({
        retention_ended_days: settings.endedDays,
        retention_media_days: settings.mediaDays,
        retention_unstarted_days: settings.unstartedDays,
      })
      .where('id', '=', orgId)
      .execute();
  }

  /** Invitations whose candidate an erasure has not replaced yet: what a sweep may still erase. */
  private notErased() {
    return this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .where('candidates.email_key', 'not like', `${ERASED_KEY_PREFIX}%`);
  }

  /** Every org with a period set, in id order. */
  async retainingOrgs(): Promise<RetainingOrg[]> {
    const rows = await this.db
      .selectFrom('orgs')
      .select(['orgs.id as orgId', ...settingsColumns])
      .where((eb) =>
        eb.or([eb('retention_ended_days', 'is not', null), eb('retention_media_days', 'is not', null), eb('retention_unstarted_days', 'is not', null)]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ orgId: row.orgId, settings: settingsOf(row) }));
  }

  /** A page of the org's invitations that ended (completed, expired into completion, cancelled) at or before `cutoff`. */
  async endedBefore(orgId: number, cutoff: number, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.notErased()
      .select('invitations.id')
      .where('invitations.org_id', '=', orgId)
      .where('invitations.id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb.and([eb('invitations.status', '=', INVITATION_STATUS.completed), eb('invitations.completed_at', '<=', cutoff)]),
          eb.and([eb('invitations.status', '=', INVITATION_STATUS.cancelled), eb('invitations.cancelled_at', '<=', cutoff)]),
        ]),
      )
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * A page of the org's never-started invitations (pending, or reset) last made or reset at or before `madeBefore`,
   * with their windows: the domain decides which are past the cut-off (a window still open keeps one).
   */
  async unstartedBefore(orgId: number, madeBefore: number, afterId: number, limit: number): Promise<UnstartedInvitation[]> {
    const rows = await this.notErased()
      .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
      .select([
        'invitations.id as id',
        'invitations.updated_at as madeAt',
        'invitations.expires_at as expiresAt',
        'test_links.access_time as accessTime',
        'test_links.start_date_time as startDateTime',
        'test_links.end_date_time as endDateTime',
      ])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.id', '>', afterId)
      .where('invitations.status', 'in', [INVITATION_STATUS.pending, INVITATION_STATUS.reset])
      .where('invitations.updated_at', '<=', madeBefore)
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      madeAt: Number(row.madeAt),
      closesAt: windowClosesAt({
        expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
        linkWindow: row.accessTime === null ? undefined : windowFromStored(row.accessTime as AccessTime, row.startDateTime ?? null, row.endDateTime ?? null),
      }),
    }));
  }

  /** A page of the org's attempts that ended at or before `cutoff` and still hold snapshots or code playback. */
  async mediaBefore(orgId: number, cutoff: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .select('invitations.id')
      .where('invitations.org_id', '=', orgId)
      .where((eb) =>
        eb.or([
          eb.and([eb('invitations.completed_at', 'is not', null), eb('invitations.completed_at', '<=', cutoff)]),
          eb.and([eb('invitations.status', '=', INVITATION_STATUS.cancelled), eb('invitations.cancelled_at', '<=', cutoff)]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('snapshots').select('snapshots.invitation_id').whereRef('snapshots.invitation_id', '=', 'invitations.id')),
          eb.exists(eb.selectFrom('code_playback').select('code_playback.invitation_id').whereRef('code_playback.invitation_id', '=', 'invitations.id')),
        ]),
      )
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the snapshots and code playback of these invitations of the org, in one transaction (decision 853):
   * scores, answers and every other record stay. Ids of another org delete nothing.
   */
  async purgeMedia(orgId: number, invitationIds: readonly number[]): Promise<MediaPurged> {
    if (invitationIds.length === 0) return { invitations: 0, snapshots: 0, playback: 0 };
    return inTransaction(this.db, async (trx) => {
      const owned = (
        await trx
          .selectFrom('invitations')
          .select('id')
          .where('org_id', '=', orgId)
          .where('id', 'in', [...invitationIds])
          .execute()
      ).map((row) => row.id);
      if (owned.length === 0) return { invitations: 0, snapshots: 0, playback: 0 };
      const snapshots = await trx.deleteFrom('snapshots').where('invitation_id', 'in', owned).executeTakeFirst();
      const playback = await trx.deleteFrom('code_playback').where('invitation_id', 'in', owned).executeTakeFirst();
      return { invitations: owned.length, snapshots: Number(snapshots.numDeletedRows), playback: Number(playback.numDeletedRows) };
    });
  }

  /**
   * Erases up to `limit` rows of the org's bulk files that never became an invitation (refused), of jobs that finished
   * at or before `cutoff` (the unstarted period's: decision 1010), in one transaction with an audit entry of the scope
   * `retention`: address replaced, name and reason dropped. Rows of a job still running are left to it. Answers how many.
   */
  async eraseBulkRowsBefore(orgId: number, cutoff: number, limit: number, now: number): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const rows = await trx
        .selectFrom('bulk_invitation_rows')
        .innerJoin('bulk_invitation_jobs', 'bulk_invitation_jobs.id', 'bulk_invitation_rows.job_id')
        .select(['bulk_invitation_rows.job_id as jobId', 'bulk_invitation_rows.row_no as rowNo'])
        .where('bulk_invitation_jobs.org_id', '=', orgId)
        .where('bulk_invitation_jobs.finished_at', '<=', cutoff)
        .where('bulk_invitation_rows.invitation_id', 'is', null)
        .where('bulk_invitation_rows.email', 'not like', 'erased-row-%@erased.invalid')
        .orderBy('bulk_invitation_rows.job_id')
        .orderBy('bulk_invitation_rows.row_no')
        .limit(limit)
        .execute();
      for (const row of rows) {
        await trx
          .updateTable('bulk_invitation_rows')
          .set({ email: erasedRowEmail(Number(row.jobId), Number(row.rowNo)), full_name: null, reason: null })
          .where('job_id', '=', row.jobId)
          .where('row_no', '=', row.rowNo)
          .execute();
      }
      if (rows.length > 0) {
        await trx
          .insertInto('erasures')
          .values({ org_id: orgId, at: now, by: 'retention', scope: 'retention', invitations: 0, invitation_ids: '[]', bulk_rows: rows.length })
          .execute();
      }
      return rows.length;
    });
  }
}
