import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Store } from '@assay/store';
import type { Config } from '@assay/config';
import { appendRouteHook } from '../plugins/route-hooks.js';
import { FailureLimiter } from './failure-limiter.js';
import { routeLimitHook, spendRequest } from './route-limit.js';
import { clientAddress } from './too-many-requests.js';
import { WindowCounter } from './window-counter.js';

/** The limits a front spends per credential (fronts/front-descriptor.ts): every front of the API key names one. */
export type FrontRateLimit = 'orgApi';

/**
 * The limits a credential check applies by hand: failures per client address (a right credential is checked
 * first and always accepted), what one verified report link may ask, and a front's per-key budget.
 */
export interface CredentialLimits {
  readonly apiKey: FailureLimiter;
  readonly adminToken: FailureLimiter;
  /** Unknown take-test tokens, counted with the candidate API's other anonymous requests of the address. */
  readonly takeTestToken: FailureLimiter;
  /** Report links whose signature does not hold (forged, expired, of a reset attempt). */
  readonly reportLink: FailureLimiter;
  /** One PDF of a verified report link, counted per report: only the link's holders spend it. */
  spendReportPdf(request: FastifyRequest, reply: FastifyReply, invitationId: number): Promise<void>;
  /**
   * Makes every route of a front's scope spend `limit` (fronts/register-fronts.ts calls it for each front it
   * registers, so a front's routes cannot go unlimited): a hook at route level, after the scope's credential check.
   */
  limitEveryRoute(scope: FastifyInstance, limit: FrontRateLimit): void;
}

type RouteLimit = FrontRateLimit | 'registration' | 'candidateApi' | 'attempt' | 'attemptSubmit';

/**
 * Which limit guards which route of the candidate API, by URL; the fronts' routes are limited by the scope they are
 * registered in (`limitEveryRoute`), never by their URL (decision 1300). Every limit is a hook at route level, so it
 * runs after its scope's credential check and counts per credential: on the fronts per API key, on the take-test
 * routes per attempt (the submit in a budget of its own, so nothing else an attempt sends can refuse it). Requests no
 * credential vouches for count per client address: public-link views, and registration with its own, stricter budget.
 */
const limitOf = (url: string): RouteLimit | undefined => {
  if (/^\/candidate\/v1\/links\/:[^/]+\/register$/.test(url)) return 'registration';
  if (url === '/candidate/v1/:token/submit') return 'attemptSubmit';
  if (url === '/candidate/v1/:token' || url.startsWith('/candidate/v1/:token/')) return 'attempt';
  if (url.startsWith('/candidate/v1/')) return 'candidateApi';
  return undefined;
};

/** The key of the candidate API's per-address window, which unknown take-test tokens count in too. */
const CANDIDATE_ADDRESS = 'candidate';

const keyOf: Record<RouteLimit, (request: FastifyRequest) => string | undefined> = {
  orgApi: (request) => `api-key:${request.org.keyId}`,
  registration: (request) => `registration:${clientAddress(request)}`,
  candidateApi: (request) => `${CANDIDATE_ADDRESS}:${clientAddress(request)}`,
  // A path that cannot hold a token was counted against its address by the token check, and fails validation.
  attempt: (request) => (request.attemptId === null ? undefined : `attempt:${request.attemptId}`),
  attemptSubmit: (request) => (request.attemptId === null ? undefined : `attempt-submit:${request.attemptId}`),
};

/** Registers every rate limit (README, "Rate limits"); call before any route is added. */
export const registerRateLimits = (app: FastifyInstance, store: Store, config: Config, now: () => number): CredentialLimits => {
  const counter = new WindowCounter(store.rateLimits, now);
  const { rateLimits } = config;
  const hooks: Record<RouteLimit, onRequestHookHandler> = {
    orgApi: routeLimitHook(counter, rateLimits.orgApi, keyOf.orgApi),
    registration: routeLimitHook(counter, rateLimits.registration, keyOf.registration),
    candidateApi: routeLimitHook(counter, rateLimits.candidateApi, keyOf.candidateApi),
    attempt: routeLimitHook(counter, rateLimits.candidateToken, keyOf.attempt),
    attemptSubmit: routeLimitHook(counter, rateLimits.candidateToken, keyOf.attemptSubmit),
  };
  app.addHook('onRoute', (route) => {
    const limit = limitOf(route.url);
    if (limit) appendRouteHook(route, 'onRequest', hooks[limit]);
  });

  return {
    apiKey: new FailureLimiter(counter, 'bad-api-key', rateLimits.badApiKey),
    adminToken: new FailureLimiter(counter, 'bad-admin-token', rateLimits.badAdminToken),
    takeTestToken: new FailureLimiter(counter, CANDIDATE_ADDRESS, rateLimits.candidateApi),
    reportLink: new FailureLimiter(counter, 'report-url', rateLimits.reportUrl),
    spendReportPdf: (request, reply, invitationId) => spendRequest(counter, rateLimits.reportUrl, `report:${invitationId}`, request, reply),
    limitEveryRoute: (scope, limit) => scope.addHook('onRoute', (route) => appendRouteHook(route, 'onRequest', hooks[limit])),
  };
};
