import type { Kysely, Selectable } from 'kysely';
import type { StoredShare } from '@assay/domain';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';
import type { ReportSharesTable } from '../tables/report-shares.js';
import { recordHistory } from './invitation-history.js';

/** What making a share stores: the token's hash, never the token (decision 1434). */
export interface NewReportShare {
  readonly orgId: number;
  readonly invitationId: number;
  readonly tokenHash: string;
  readonly keyId: number | null;
  readonly personId: number | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

const toShare = (row: Selectable<ReportSharesTable>): StoredShare => ({
  shareId: Number(row.id),
  orgId: Number(row.org_id),
  testInvitationId: Number(row.invitation_id),
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  opens: Number(row.open_count),
  lastOpenedAt: row.last_opened_at === null ? null : Number(row.last_opened_at),
});

/** The most one list answers: newest first; an org that shares more reads the rest by invitation. */
export const SHARE_LIST_LIMIT = 500;

/**
 * Report shares (migration 062; docs/compare-and-share.md "Share"). Every org-side read and write is scoped by org
 * (another org's share is missing); the open route finds a share by its token's hash alone, the token being the
 * credential.
 */
export class ReportSharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(share: NewReportShare): Promise<StoredShare> {
    const row = await this.db
      .insertInto('report_shares')
      .values({
        org_id: share.orgId,
        invitation_id: share.invitationId,
        token_hash: share.tokenHash,
        created_by_key_id: share.keyId,
        created_by_person_id: share.personId,
        created_at: share.createdAt,
        expires_at: share.expiresAt,
        revoked_at: null,
        last_opened_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toShare(row);
  }

  /** The org's shares, newest first, of one invitation when given. */
  async list(orgId: number, invitationId?: number): Promise<StoredShare[]> {
    let query = this.db.selectFrom('report_shares').selectAll().where('org_id', '=', orgId);
    if (invitationId !== undefined) query = query.where('invitation_id', '=', invitationId);
    const rows = await query.orderBy('id', 'desc').limit(SHARE_LIST_LIMIT).execute();
    return rows.map(toShare);
  }

  /** The share behind a link's token hash, whatever its org: the caller decides whether it opens. */
  async findByTokenHash(tokenHash: string): Promise<StoredShare | undefined> {
    const row = await this.db.selectFrom('report_shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && toShare(row);
  }

  /** Revokes one of the org's shares; revoking it again keeps the first instant. Undefined when not the org's. */
  async revoke(orgId: number, shareId: number, now: number): Promise<StoredShare | undefined> {
    await this.db
      .updateTable('report_shares')
      .set({ revoked_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', shareId)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await this.db.selectFrom('report_shares').selectAll().where('org_id', '=', orgId).where('id', '=', shareId).executeTakeFirst();
    return row && toShare(row);
  }

  /**
   * Counts one open and writes it into the invitation's history, in one transaction. No key opened it: the history
   * says `system` for whoever holds the link, and names the share (decision 1437).
   */
  async recordOpen(share: StoredShare, format: 'html' | 'pdf', now: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('report_shares')
        .set((eb) => ({ open_count: eb('open_count', '+', 1), last_opened_at: now }))
        .where('id', '=', share.shareId)
        .execute();
      await recordHistory(trx, share.testInvitationId, { kind: 'share-opened', details: { shareId: share.shareId, format } }, 'system', now);
    });
  }
}
