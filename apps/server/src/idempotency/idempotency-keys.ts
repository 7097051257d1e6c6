import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preValidationHookHandler } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LOCK_MS, IdempotencyKey, answerInFlight, answerRepeat, keepsResponse } from '@assay/domain';
import { type IdempotencyClaim, type IdempotencyKeysRepository, keptAnswerSubjects } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';
import { appendRouteHook, routeAnswers } from '../plugins/route-hooks.js';
import { fingerprintOf } from './fingerprint.js';
import { openResponse, sealResponse, storedKeyOf } from './sealed-response.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that reads and changes nothing, whose answer holds personal data (the export of one person): no key is
     * claimed and its answer is never copied into `idempotency_keys`, where it would outlive an erasure (decision 879).
     */
    keepsNoAnswer?: boolean;
  }
}

type Claimed = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; body: string };

/**
 * The owners of the claims that requests of this process hold now. A claim of this process whose owner is not among
 * them was left behind: its request ended, but could not release it (the database was unavailable just then).
 */
const runningOwners = new Set<string>();

/** Claims the key for this request, or answers what a repeat gets; concurrent claims leave one winner. */
const claimKey = async (keys: IdempotencyKeysRepository, claim: IdempotencyClaim, now: number): Promise<Claimed> => {
  // A few rounds at most: each lost round means another request just claimed, released or took the key over.
  for (let round = 0; round < 3; round += 1) {
    const outcome = await keys.claim(claim, now, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_KEY_TTL_MS);
    if (outcome.claimed) return { kind: 'claimed' };
    if (!outcome.stored) continue;
    let repeat = unwrap(answerRepeat(outcome.stored, claim.fingerprint, now));
    // Asked only of a claim held unanswered: the liveness of its process (a query, or a file lock on SQLite).
    if (repeat.kind === 'in-flight') repeat = unwrap(answerInFlight(await keys.holderAlive(outcome.stored, (owner) => runningOwners.has(owner))));
    if (repeat.kind === 'replay') return repeat;
    if (await keys.takeOver(claim, outcome.stored.owner, now, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_KEY_TTL_MS)) return { kind: 'claimed' };
  }
  throw refusal('state-conflict', 'A request with this Idempotency-Key is still being processed: retry in a moment.');
};

/** A key this request holds: its claim, the key as sent (it seals the kept answer), and whether that answer is kept already. */
export interface HeldKey {
  readonly claim: IdempotencyClaim;
  readonly key: string;
  /** Kept in the transaction of the request's effect (`answer-with-effect.ts`): nothing is left to record when it is sent. */
  answered: boolean;
}

/** The keys held by requests in flight, of every scope. */
const heldKeys = new WeakMap<FastifyRequest, HeldKey>();

/** The Idempotency-Key `request` holds, if it sent one. */
export const heldKeyOf = (request: FastifyRequest): HeldKey | undefined => heldKeys.get(request);

export interface IdempotencyOptions {
  readonly keys: IdempotencyKeysRepository;
  readonly now: () => number;
  /** Whose keys these are: an org's, or the admin API's. */
  readonly scopeOf: (request: FastifyRequest) => string;
}

/**
 * `Idempotency-Key` on every POST (and PUT: grades) of the scope, with Stripe's semantics (README, "Idempotency"): the first
 * successful response is kept 24 h and replayed with `Idempotent-Replayed: true`; another request under the
 * same key is 422.1; a repeat while the first runs is 409.1. Checked before body validation, after auth. The hooks
 * sit on the POST and PUT routes only: reads never carry the header's meaning and skip them.
 */
export const honourIdempotencyKeys = (app: FastifyInstance, { keys, now, scopeOf }: IdempotencyOptions): void => {
  /** Claims the key, or answers the repeat itself (then `done` is never called: the answer is sent). */
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply, header: string | string[]): Promise<'claimed' | 'replayed'> => {
    const key = IdempotencyKey.safeParse(Array.isArray(header) ? header.join(', ') : header);
    if (!key.success) throw refusal('invalid-field', `${key.error.issues[0]?.message ?? 'Idempotency-Key is not valid'}.`);
    const scope = scopeOf(request);
    const claim: IdempotencyClaim = { scope, key: storedKeyOf(scope, key.data), fingerprint: fingerprintOf(request), owner: randomUUID() };
    const claimed = await claimKey(keys, claim, now());
    if (claimed.kind === 'claimed') {
      heldKeys.set(request, { claim, key: key.data, answered: false });
      runningOwners.add(claim.owner);
      return 'claimed';
    }
    const body = openResponse(claimed.body, scope, key.data);
    reply.code(claimed.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(body);
    return 'replayed';
  };

  /**
   * A route whose answer was not kept with its effect (`answerWithEffect`) keeps it now, after the fact: a crash in
   * between would lose it. Every POST route keeps it with its effect; this covers one that does not.
   */
  const recordOutcome = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, held: HeldKey) => {
    const { claim, key } = held;
    try {
      if (keepsResponse(reply.statusCode) && typeof payload === 'string') {
        request.log.warn({ url: request.routeOptions.url }, 'a kept answer recorded after its effect: crash-safe only with answerWithEffect');
        await keys.complete(claim, reply.statusCode, sealResponse(payload, claim.scope, key), keptAnswerSubjects(claim.scope, payload));
      } else {
        await keys.release(claim);
      }
    } catch (error) {
      // The request's work is done and its answer stands; its claim is left behind, which a repeat takes over.
      request.log.error({ err: error }, 'could not record the outcome of an Idempotency-Key');
    }
    return payload;
  };
  const letGo = (request: FastifyRequest, held: HeldKey) => {
    heldKeys.delete(request);
    runningOwners.delete(held.claim.owner);
  };

  // Callback hooks: most POSTs carry no key, and an async hook cost every one of them a promise in each of the two
  // hooks (registrations and link creation are POSTs).
  const preValidation: preValidationHookHandler = (request, reply, done) => {
    const header = request.headers['idempotency-key'];
    if ((request.method !== 'POST' && request.method !== 'PUT') || header === undefined) return done();
    claimOrReplay(request, reply, header).then((outcome) => {
      if (outcome === 'claimed') done();
    }, done);
  };
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const held = heldKeys.get(request);
    if (!held) return done(null, payload);
    if (held.answered) {
      letGo(request, held);
      return done(null, payload);
    }
    recordOutcome(request, reply, payload, held).then(
      (kept) => {
        letGo(request, held);
        done(null, kept);
      },
      (error: Error) => {
        letGo(request, held);
        done(error);
      },
    );
  };

  app.addHook('onRoute', (route) => {
    if (!routeAnswers(route, 'POST') && !routeAnswers(route, 'PUT')) return;
    if (route.config?.keepsNoAnswer) return;
    appendRouteHook(route, 'preValidation', preValidation);
    appendRouteHook(route, 'onSend', onSend);
  });
};
