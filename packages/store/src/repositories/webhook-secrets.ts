import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';

/** Per-org signing secrets; a rotated-out secret keeps signing until it expires (the overlap window). */
export class WebhookSecretsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Secrets to sign with now, newest first. */
  async active(orgId: number, now: number): Promise<{ id: number; secret: string; createdAt: number; expiresAt: number | null }[]> {
    const rows = await this.db
      .selectFrom('webhook_secrets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ id: row.id, secret: row.secret, createdAt: row.created_at, expiresAt: row.expires_at }));
  }

  /** Adds a new current secret; the previous current one expires after `overlapMs`. */
  async rotate(orgId: number, secret: string, now: number, overlapMs: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('webhook_secrets')
        .set({ expires_at: now + overlapMs })
        .where('org_id', '=', orgId)
        .where('expires_at', 'is', null)
        .execute();
      await trx.insertInto('webhook_secrets').values({ org_id: orgId, secret, created_at: now, expires_at: null }).execute();
    });
  }

  /** The org's secrets, creating the first one on demand; concurrent first calls all end with the same one. */
  async ensure(orgId: number, make: () => string, now: number) {
    const current = await this.active(orgId, now);
    if (current.length > 0) return current;
    await this.db
      .insertInto('webhook_secrets')
      .values({ org_id: orgId, secret: make(), created_at: now, expires_at: null })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return this.active(orgId, now);
  }
}
