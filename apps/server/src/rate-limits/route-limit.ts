import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RateLimit } from '@assay/config';
import { tooManyRequests } from './too-many-requests.js';
import type { Hit, WindowCounter } from './window-counter.js';

/**
 * One route's rate limit as an onRequest hook: counts a hit of the request's key and answers with the RateLimit
 * headers (IETF draft names, as @fastify/rate-limit's `enableDraftSpec` sent them), or 429.1 with Retry-After once
 * the key is over its limit. Ours instead of @fastify/rate-limit's hook, which made a handful of promises per
 * request around a counter that, on SQLite, answers at once (decision 163). When the shared counters' database
 * cannot be reached the request goes through: it meets the same database next and fails there.
 */
export const routeLimitHook = (counter: WindowCounter, limit: RateLimit, keyOf: (request: FastifyRequest) => string): onRequestHookHandler => {
  const answer = (reply: FastifyReply, hit: Hit, done: (error?: Error) => void): void => {
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
  return (request, reply, done) => {
    const key = keyOf(request);
    const atOnce = counter.takeAtOnce(key, limit.max, limit.windowMs);
    if (atOnce) {
      answer(reply, atOnce, done);
      return;
    }
    counter.take(key, limit.max, limit.windowMs).then(
      (hit) => answer(reply, hit, done),
      (error: unknown) => {
        request.log.warn({ err: error }, 'could not count a rate-limited request; letting it through');
        done();
      },
    );
  };
};
