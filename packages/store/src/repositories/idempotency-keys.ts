import type { IdempotencyRecord } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { InstanceLiveness } from '../engine/instance-liveness.js';

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
  /** The process holding the claim; null for a claim stored before processes were recorded. */
  instance: string | null;
}

export type ClaimOutcome = { claimed: true } | { claimed: false; stored: StoredIdempotencyKey | undefined };

/** A claim as stored when a request takes the key: unanswered, held until `lockMs` from now, kept `ttlMs`. */
const heldColumns = (claim: IdempotencyClaim, instance: string, now: number, lockMs: number, ttlMs: number) => ({
  fingerprint: claim.fingerprint,
  owner: claim.owner,
  instance,
  status_code: null,
  response_body: null,
  subjects: null,
  created_at: now,
  locked_until: now + lockMs,
  expires_at: now + ttlMs,
});

/**
 * Idempotency-Key records; the domain (`answerRepeat`) decides what a repeat does, this stores it atomically. A claim
 * names the process that holds it (`liveness`), so a repeat can tell a request still running from one whose process died.
 */
export class IdempotencyKeysRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly liveness: InstanceLiveness,
  ) {}

  /**
   * Claims an unused key, or answers the record that holds it. Of two concurrent first requests exactly one
   * inserts (the primary key decides). `stored` is undefined when the record vanished between the two
   * statements (swept, or released by its request): the caller simply claims again.
   */
  async claim(claim: IdempotencyClaim, now: number, lockMs: number, ttlMs: number): Promise<ClaimOutcome> {
    // Registered before its first claim: no other process may find a claim of this one without its proof of life.
    await this.liveness.register();
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({ scope: claim.scope, key: claim.key, ...heldColumns(claim, this.liveness.id, now, lockMs, ttlMs) })
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
        instance: row.instance,
        fingerprint: row.fingerprint,
        response: row.status_code === null ? null : { statusCode: Number(row.status_code), body: row.response_body ?? '' },
        lockedUntil: Number(row.locked_until),
        expiresAt: Number(row.expires_at),
      },
    };
  }

  /**
   * Whether the request holding a stored claim may still run: its process lives (for a claim of this process,
   * `runningHere` knows whether its request still runs). A claim from before processes were recorded counts as held.
   */
  async holderAlive(stored: StoredIdempotencyKey, runningHere: (owner: string) => boolean): Promise<boolean> {
    if (stored.instance === null) return true;
    if (stored.instance === this.liveness.id) return runningHere(stored.owner);
    return this.liveness.isAlive(stored.instance);
  }

  /**
   * Takes over a key whose claim expired, lapsed or lost its process, only if `previousOwner` still holds it and has
   * not completed it since (an answer committed meanwhile is replayed, never run again); true when taken.
   */
  async takeOver(claim: IdempotencyClaim, previousOwner: string, now: number, lockMs: number, ttlMs: number): Promise<boolean> {
    await this.liveness.register();
    const result = await this.db
      .updateTable('idempotency_keys')
      .set(heldColumns(claim, this.liveness.id, now, lockMs, ttlMs))
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('owner', '=', previousOwner)
      .where((eb) => eb.or([eb('status_code', 'is', null), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Keeps the response of the request holding the claim; its repeats replay it. False when the claim is no longer
   * this request's (taken over, or completed): run inside the transaction of the request's effect, that transaction
   * must then roll back, or the effect would happen twice. `subjects` are whom the answer names
   * (`keptAnswerSubjects` of the body before sealing; decision 1004): an erasure drops the answers that name its person.
   */
  async complete(claim: IdempotencyClaim, statusCode: number, body: string, subjects: readonly string[] | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response_body: body, subjects: subjects === null ? null : JSON.stringify(subjects) })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('owner', '=', claim.owner)
      .where('status_code', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
