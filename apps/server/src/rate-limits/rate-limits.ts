import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Store } from '@assay/store';
import type { Config } from '@assay/config';
import { refusal } from '../refusal-error.js';
import { FailureLimiter } from './failure-limiter.js';
import type { RateLimit } from '@assay/config';
import { clientAddress, tooManyRequestsMessage } from './too-many-requests.js';
import { WindowCounter } from './window-counter.js';

/** The credential checks that count failures per address (the org API's key, the admin API's token). */
export interface AuthFailureLimits {
  readonly apiKey: FailureLimiter;
  readonly adminToken: FailureLimiter;
}

/** @fastify/rate-limit's store over our window counter (shared on PostgreSQL, in memory on SQLite). */
const storeOver = (counter: WindowCounter) =>
  class CounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      counter.take(key, max, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };

type RouteLimit = 'orgApi' | 'registration' | 'candidateApi' | 'reportUrl';

/**
 * Which limit guards which route, by URL. Every limit is a hook at route level, so on /v2/org it runs after
 * the scope's API-key check and counts per key; the rest count per client address. Registration has its
 * own, stricter budget instead of the candidate API's.
 */
const limitOf = (url: string): RouteLimit | undefined => {
  if (url === '/v2/org' || url.startsWith('/v2/org/')) return 'orgApi';
  if (/^\/candidate\/v1\/links\/:[^/]+\/register$/.test(url)) return 'registration';
  if (url.startsWith('/candidate/v1/')) return 'candidateApi';
  if (/^\/v2\/reports\/:[^/]+\/pdf$/.test(url)) return 'reportUrl';
  return undefined;
};

const keyOf: Record<RouteLimit, (request: FastifyRequest) => string> = {
  orgApi: (request) => `api-key:${request.org.keyId}`,
  registration: (request) => `registration:${clientAddress(request)}`,
  candidateApi: (request) => `candidate:${clientAddress(request)}`,
  reportUrl: (request) => `report-url:${clientAddress(request)}`,
};

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Registers every rate limit (README, "Rate limits"); call before any route is added. */
export const registerRateLimits = async (app: FastifyInstance, store: Store, config: Config, now: () => number): Promise<AuthFailureLimits> => {
  const counter = new WindowCounter(store.rateLimits, now);
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    store: storeOver(counter),
    // A limiter whose database is down lets requests through: they meet the same database next and fail there.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => refusal('429.1', tooManyRequestsMessage(context.ttl)),
  });

  const hookOf = (limit: RateLimit, keyGenerator: (request: FastifyRequest) => string): onRequestHookHandler =>
    app.rateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator });
  const hooks: Record<RouteLimit, onRequestHookHandler> = {
    orgApi: hookOf(config.rateLimits.orgApi, keyOf.orgApi),
    registration: hookOf(config.rateLimits.registration, keyOf.registration),
    candidateApi: hookOf(config.rateLimits.candidateApi, keyOf.candidateApi),
    reportUrl: hookOf(config.rateLimits.reportUrl, keyOf.reportUrl),
  };
  app.addHook('onRoute', (route) => {
    const limit = limitOf(route.url);
    if (limit) route.onRequest = [...asArray(route.onRequest), hooks[limit]];
  });

  return {
    apiKey: new FailureLimiter(counter, 'bad-api-key', config.rateLimits.badApiKey),
    adminToken: new FailureLimiter(counter, 'bad-admin-token', config.rateLimits.badAdminToken),
  };
};
