import type { Kysely } from 'kysely';
import { normalizeEmail } from '@assay/domain';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { bulkRowsNaming, ERASED_KEY_PREFIX, type ErasedRow, eraseBulkRowsOf, eraseRows } from './erasure-writes.js';
import { addressSubject, invitationSubject } from './kept-answer-subjects.js';

/** Who asked for an erasure, of what scope, and when: the audit entry's columns (never the erased data). */
export interface ErasureAudit {
  /** A key's label and id (`key 12 (ops)`), or `retention` for the sweep. */
  readonly by: string;
  readonly scope: 'email' | 'invitation' | 'retention';
  readonly now: Date;
}

export interface ErasureOutcome {
  /** Invitations erased by this call. */
  readonly invitations: number;
  /** Invitations asked for that an earlier erasure had erased already (a no-op for them). */
  readonly alreadyErased: number;
  /** Bulk-file rows without an invitation erased with the address (decision 1003). */
  readonly bulkRows: number;
}

/** What else than invitations an erasure covers: an erasure by address also erases the address's bulk rows. */
export interface ErasureExtent {
  /** The address whose bulk rows without an invitation go too (an erasure by address only). */
  readonly bulkRowsOf?: string | undefined;
}

/** What an erasure must also find outside the database (emails in the outbox, kept answers): read before it erases. */
export interface ErasedIdentity {
  readonly invitationId: number;
  readonly email: string;
  readonly fullName: string;
  readonly token: string;
}

export interface ErasureEntry {
  readonly id: number;
  readonly at: number;
  readonly by: string;
  readonly scope: string;
  readonly invitations: number;
  readonly invitationIds: number[];
  readonly bulkRows: number;
}

/** Batches keep each statement's `in (…)` list well under SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

/**
 * Erasure of candidates' personal data (issue 51 item 1): one org's invitations, in one transaction, with an audit
 * entry; on SQLite the WAL is emptied after the commit (decision 844). Already erased invitations are skipped.
 */
export class ErasureRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly truncateLog: (() => Promise<boolean>) | undefined,
  ) {}

  /** The org's invitations for this address (any case, surrounding spaces ignored), on every test; erased ones excluded. */
  async invitationIdsForEmail(orgId: number, email: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select('invitations.id')
      .where('invitations.org_id', '=', orgId)
      .where('candidates.org_id', '=', orgId)
      .where('candidates.email_key', '=', normalizeEmail(email))
      .orderBy('invitations.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** How many of the org's bulk rows without an invitation (refused, or not read yet) still name the address. */
  async bulkRowsForEmail(orgId: number, email: string): Promise<number> {
    return (await bulkRowsNaming(this.db, orgId, normalizeEmail(email)).execute()).length;
  }

  /** Name, address and take-test token of those of the org's invitations not erased yet. */
  async identities(orgId: number, invitationIds: readonly number[]): Promise<ErasedIdentity[]> {
    const found: ErasedIdentity[] = [];
    for (let start = 0; start < invitationIds.length; start += BATCH) {
      const rows = await this.db
        .selectFrom('invitations')
        .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
        .select(['invitations.id as invitationId', 'candidates.email as email', 'candidates.full_name as fullName', 'invitations.token as token'])
        .where('invitations.org_id', '=', orgId)
        .where('invitations.id', 'in', invitationIds.slice(start, start + BATCH))
        .where('candidates.email_key', 'not like', `${ERASED_KEY_PREFIX}%`)
        .execute();
      found.push(...rows);
    }
    return found;
  }

  async eraseInvitations(orgId: number, invitationIds: readonly number[], audit: ErasureAudit, extent: ErasureExtent = {}): Promise<ErasureOutcome> {
    const now = audit.now.getTime();
    const outcome = await inTransaction(this.db, async (trx) => {
      const erased: number[] = [];
      let alreadyErased = 0;
      for (let start = 0; start < invitationIds.length; start += BATCH) {
        const rows = await trx
          .selectFrom('invitations')
          .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
          .select([
            'invitations.id as id',
            'invitations.org_id as orgId',
            'invitations.test_id as testId',
            'invitations.candidate_id as candidateId',
            'candidates.email_key as emailKey',
          ])
          .where('invitations.org_id', '=', orgId)
          .where('invitations.id', 'in', invitationIds.slice(start, start + BATCH))
          .execute();
        const todo: ErasedRow[] = rows.filter((row) => !row.emailKey.startsWith(ERASED_KEY_PREFIX));
        alreadyErased += rows.length - todo.length;
        if (todo.length === 0) continue;
        await eraseRows(trx, todo, now);
        erased.push(...todo.map((row) => row.id));
      }
      const bulkRows = extent.bulkRowsOf === undefined ? 0 : await eraseBulkRowsOf(trx, orgId, normalizeEmail(extent.bulkRowsOf));
      if (erased.length > 0 || bulkRows > 0) {
        await trx
          .insertInto('erasures')
          .values({
            org_id: orgId,
            at: now,
            by: audit.by,
            scope: audit.scope,
            invitations: erased.length,
            invitation_ids: JSON.stringify(erased),
            bulk_rows: bulkRows,
          })
          .execute();
      }
      return { invitations: erased.length, alreadyErased, bulkRows };
    });
    // Inside a caller's transaction the caller commits; the WAL is emptied by the next erasure or checkpoint then. An
    // erasure asked again of rows already erased empties it too.
    if (outcome.invitations + outcome.alreadyErased + outcome.bulkRows > 0 && !this.db.isTransaction) await this.truncateLog?.();
    return outcome;
  }

  /**
   * Drops the kept answers of a scope's finished keyed requests that name an erased invitation or address (decision
   * 1004), and those kept before their subjects were recorded (migration 049), which may: sealed with keys only their
   * clients hold, what they name cannot be told otherwise. A retry of a dropped one runs again instead of replaying;
   * the scope's other answers keep their 24 h. Claims still running are kept.
   */
  async forgetKeptAnswers(scope: string, named: { readonly invitationIds: readonly number[]; readonly emails: readonly string[] }): Promise<number> {
    const subjects = [...named.invitationIds.map(invitationSubject), ...named.emails.map((email) => addressSubject(scope, email))];
    let dropped = 0;
    for (let start = 0; start === 0 || start < subjects.length; start += BATCH) {
      const some = subjects.slice(start, start + BATCH);
      const result = await this.db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('status_code', 'is not', null)
        // A subject is stored between quotes in a JSON array: `"i:4"` never matches inside `"i:42"`.
        .where((eb) => eb.or([eb('subjects', 'is', null), ...some.map((subject) => eb('subjects', 'like', `%${JSON.stringify(subject)}%`))]))
        .executeTakeFirst();
      dropped += Number(result.numDeletedRows);
    }
    return dropped;
  }

  /** The org's erasures, newest first. */
  async audit(orgId: number, limit = 100): Promise<ErasureEntry[]> {
    const rows = await this.db.selectFrom('erasures').selectAll().where('org_id', '=', orgId).orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      by: row.by,
      scope: row.scope,
      invitations: row.invitations,
      invitationIds: JSON.parse(row.invitation_ids) as number[],
      bulkRows: Number(row.bulk_rows),
    }));
  }
}
