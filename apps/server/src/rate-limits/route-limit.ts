import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RateLimit } from '@assay/config';
import { tooManyRequests } from './too-many-requests.js';
import type { Hit, WindowCounter } from './window-counter.js';

/**
 * Counts one request of `key` against `limit` and answers through `done`: with the RateLimit headers (IETF draft
 * names, as @fastify/rate-limit's `enableDraftSpec` sent them), or 429.1 with Retry-After once the key is over its
 * limit. Without a promise when the counters live in this process (decision 163). When the shared counters'
 * database cannot be reached the request goes through: it meets the same database next and fails there.
 */
export const countRequest = (
  counter: WindowCounter,
  limit: RateLimit,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void => {
  const answer = (hit: Hit): void => {
    if (hit.count > limit.max) {
      done(tooManyRequests(reply, limit, hit.ttlMs));
      return;
    }
    reply
      .header('ratelimit-limit', limit.max)
      .header('ratelimit-remaining', limit.max - hit.count)
      .header('ratelimit-reset', Math.ceil(hit.ttlMs / 1000));
    done();
  };
  const atOnce = counter.takeAtOnce(key, limit.max, limit.windowMs);
  if (atOnce) {
    answer(atOnce);
    return;
  }
  counter.take(key, limit.max, limit.windowMs).then(answer, (error: unknown) => {
    request.log.warn({ err: error }, 'could not count a rate-limited request; letting it through');
    done();
  });
};

/** `countRequest` where a route handler needs it: resolves when the request is within the limit, rejects with 429.1. */
export const spendRequest = (counter: WindowCounter, limit: RateLimit, key: string, request: FastifyRequest, reply: FastifyReply): Promise<void> =>
  new Promise((resolve, reject) => countRequest(counter, limit, key, request, reply, (error) => (error ? reject(error) : resolve())));

/**
 * One route's rate limit as an onRequest hook; a request `keyOf` names no key for is not counted here. Ours instead
 * of @fastify/rate-limit's hook, which made a handful of promises per request around a counter that, on SQLite,
 * answers at once (decision 163).
 */
export const routeLimitHook =
  (counter: WindowCounter, limit: RateLimit, keyOf: (request: FastifyRequest) => string | undefined): onRequestHookHandler =>
  (request, reply, done) => {
    const key = keyOf(request);
    if (key === undefined) done();
    else countRequest(counter, limit, key, request, reply, done);
  };
