import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Store } from '@assay/store';
import type { Config } from '@assay/config';
import { appendRouteHook } from '../plugins/route-hooks.js';
import { FailureLimiter } from './failure-limiter.js';
import { routeLimitHook } from './route-limit.js';
import { clientAddress } from './too-many-requests.js';
import { WindowCounter } from './window-counter.js';

/** The credential checks that count failures per address (the org API's key, the admin API's token). */
export interface AuthFailureLimits {
  readonly apiKey: FailureLimiter;
  readonly adminToken: FailureLimiter;
}

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

/** Registers every rate limit (README, "Rate limits"); call before any route is added. */
export const registerRateLimits = (app: FastifyInstance, store: Store, config: Config, now: () => number): AuthFailureLimits => {
  const counter = new WindowCounter(store.rateLimits, now);
  const hooks: Record<RouteLimit, onRequestHookHandler> = {
    orgApi: routeLimitHook(counter, config.rateLimits.orgApi, keyOf.orgApi),
    registration: routeLimitHook(counter, config.rateLimits.registration, keyOf.registration),
    candidateApi: routeLimitHook(counter, config.rateLimits.candidateApi, keyOf.candidateApi),
    reportUrl: routeLimitHook(counter, config.rateLimits.reportUrl, keyOf.reportUrl),
  };
  app.addHook('onRoute', (route) => {
    const limit = limitOf(route.url);
    if (limit) appendRouteHook(route, 'onRequest', hooks[limit]);
  });

  return {
    apiKey: new FailureLimiter(counter, 'bad-api-key', config.rateLimits.badApiKey),
    adminToken: new FailureLimiter(counter, 'bad-admin-token', config.rateLimits.badAdminToken),
  };
};
