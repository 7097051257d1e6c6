import type { IdempotencyRecord } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/** A request's hold on an Idempotency-Key: who it is (`owner`, random) and what it sent. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
}

/** A stored key together with the claim that holds it, so a take-over can be made conditional on it. */
export interface StoredIdempotencyKey extends IdempotencyRecord {
  owner: string;
}

export type ClaimOutcome = { claimed: true } | { claimed: false; stored: StoredIdempotencyKey | undefined };

/** Idempotency-Key records; the domain (`answerRepeat`) decides what a repeat does, this stores it atomically. */
export class IdempotencyKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims an unused key, or answers the record that holds it. Of two concurrent first requests exactly one
   * inserts (the primary key decides). `stored` is undefined when the record vanished between the two
   * statements (swept, or released by its request): the caller simply claims again.
   */
  async claim(claim: IdempotencyClaim, now: number, lockMs: number, ttlMs: number): Promise<ClaimOutcome> {
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({ ...claim, status_code: null, response_body: null, created_at: now, locked_until: now + lockMs, expires_at: now + ttlMs })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('owner')
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('scope', '=', claim.scope).where('key', '=', claim.key).executeTakeFirst();
    if (!row) return { claimed: false, stored: undefined };
    return {
      claimed: false,
      stored: {
        owner: row.owner,
        fingerprint: row.fingerprint,
        response: row.status_code === null ? null : { statusCode: Number(row.status_code), body: row.response_body ?? '' },
        lockedUntil: Number(row.locked_until),
        expiresAt: Number(row.expires_at),
      },
    };
  }

  /** Takes over a key whose claim expired or lapsed, only if `previousOwner` still holds it; true when taken. */
  async takeOver(claim: IdempotencyClaim, previousOwner: string, now: number, lockMs: number, ttlMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({
        fingerprint: claim.fingerprint,
        owner: claim.owner,
        status_code: null,
        response_body: null,
        created_at: now,
        locked_until: now + lockMs,
        expires_at: now + ttlMs,
      })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('owner', '=', previousOwner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Keeps the response of the request holding the claim; its repeats replay it. */
  async complete(claim: IdempotencyClaim, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response_body: body })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('owner', '=', claim.owner)
      .execute();
  }

  /** Frees the key of a request that did not succeed, so it can be retried under the same key. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('owner', '=', claim.owner)
      .where('status_code', 'is', null)
      .execute();
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
