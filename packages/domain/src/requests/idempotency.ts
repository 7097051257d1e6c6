import { P, match } from 'ts-pattern';
import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';

/** Stripe's shape for the `Idempotency-Key` header: 1 to 255 printable ASCII characters. */
export const IdempotencyKey = z.string().regex(/^[\x20-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1 to 255 printable ASCII characters' });
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;

/** How long the first response of a key is kept and replayed (Stripe: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long an unfinished first request holds its key while its process lives. Longer than any POST can take (a test
 * event waits up to 15 s for the receiver). A claim whose process is gone is taken over at once (`answerInFlight`); this
 * bounds only a live process's claim it could not release (the database failed as the request ended).
 */
export const IDEMPOTENCY_LOCK_MS = 2 * 60 * 1000;

/** A key as stored: which request first used it, and its response once that request finished. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly response: { readonly statusCode: number; readonly body: string } | null;
  readonly lockedUntil: number;
  readonly expiresAt: number;
}

/**
 * What a repeat of a stored key does: answer the stored response, run as the key's new first request, or — while the
 * first request holds the key unanswered — ask whether that request's process still lives (`answerInFlight`).
 */
export type IdempotentRepeat =
  | { readonly kind: 'replay'; readonly statusCode: number; readonly body: string }
  | { readonly kind: 'take-over' }
  | { readonly kind: 'in-flight' };

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
      refuse<IdempotentRepeat>(
        'idempotency-key-reused',
        'This Idempotency-Key was already used with another method, path or body: use a new key for a new request.',
      ),
    )
    .with({ response: P.nonNullable }, ({ response }) => ok<IdempotentRepeat>({ kind: 'replay', ...response }))
    .with({ running: true }, () => ok<IdempotentRepeat>({ kind: 'in-flight' }))
    .with({ running: false }, () => ok<IdempotentRepeat>({ kind: 'take-over' }))
    .exhaustive();

/**
 * A repeat of a request that holds its key unanswered: it is still running while its process lives (409.1, retry in a
 * moment). A process that died took its request's transaction with it — the effect and the kept answer commit together —
 * so nothing of that request happened, and the repeat runs it, at once, instead of waiting out the lock time.
 */
export const answerInFlight = (holderAlive: boolean): Result<IdempotentRepeat> =>
  holderAlive
    ? refuse<IdempotentRepeat>('state-conflict', 'A request with this Idempotency-Key is still being processed: retry in a moment.')
    : ok<IdempotentRepeat>({ kind: 'take-over' });

/**
 * Only successes are kept (decision 84): a refusal or failure changed nothing, so the same key may be
 * retried once the request is fixed or the service is back.
 */
export const keepsResponse = (httpStatus: number): boolean => httpStatus >= 200 && httpStatus < 300;
