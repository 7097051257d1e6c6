import { P, match } from 'ts-pattern';
import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';

/** Stripe's shape for the `Idempotency-Key` header: 1 to 255 printable ASCII characters. */
export const IdempotencyKey = z.string().regex(/^[\x20-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1 to 255 printable ASCII characters' });
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;

/** How long the first response of a key is kept and replayed (Stripe: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long an unfinished first request holds its key. Longer than any POST can take (a test event waits up
 * to 15 s for the receiver); a claim older than this belongs to a process that died, whose transaction
 * rolled back, so a repeat may run the request again instead of answering 409.1 for a day.
 */
export const IDEMPOTENCY_LOCK_MS = 2 * 60 * 1000;

/** A key as stored: which request first used it, and its response once that request finished. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly response: { readonly statusCode: number; readonly body: string } | null;
  readonly lockedUntil: number;
  readonly expiresAt: number;
}

/** What a repeat of a stored key does: answer the stored response, or run as the key's new first request. */
export type IdempotentRepeat = { readonly kind: 'replay'; readonly statusCode: number; readonly body: string } | { readonly kind: 'take-over' };

/** Decides a request whose key is already stored; `fingerprint` identifies method, path and body. */
export const answerRepeat = (record: IdempotencyRecord, fingerprint: string, now: number): Result<IdempotentRepeat> =>
  match({
    expired: record.expiresAt <= now,
    sameRequest: record.fingerprint === fingerprint,
    response: record.response,
    running: record.lockedUntil > now,
  })
    .with({ expired: true }, () => ok<IdempotentRepeat>({ kind: 'take-over' }))
    .with({ sameRequest: false }, () =>
      refuse<IdempotentRepeat>('422.1', 'This Idempotency-Key was already used with another method, path or body: use a new key for a new request.'),
    )
    .with({ response: P.nonNullable }, ({ response }) => ok<IdempotentRepeat>({ kind: 'replay', ...response }))
    .with({ running: true }, () => refuse<IdempotentRepeat>('409.1', 'A request with this Idempotency-Key is still being processed: retry in a moment.'))
    .with({ running: false }, () => ok<IdempotentRepeat>({ kind: 'take-over' }))
    .exhaustive();

/**
 * Only successes are kept (docs/decisions.md): a refusal or failure changed nothing, so the same key may be
 * retried once the request is fixed or the service is back.
 */
export const keepsResponse = (httpStatus: number): boolean => httpStatus >= 200 && httpStatus < 300;
