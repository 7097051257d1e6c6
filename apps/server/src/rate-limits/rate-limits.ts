import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Store } from '@assay/store';
import type { Config } from '@assay/config';
import { appendRouteHook } from '../plugins/route-hooks.js';
import { FailureLimiter } from './failure-limiter.js';
import { routeLimitHook, spendRequest } from './route-limit.js';
import { clientAddress } from './too-many-requests.js';
import { WindowCounter } from './window-counter.js';

/**
 * The limits a credential check applies by hand: failures per client address (a right credential is checked
 * first and always accepted), and what one verified report link may ask.
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
}

type RouteLimit = 'orgApi' | 'registration' | 'candidateApi' | 'attempt' | 'attemptSubmit';

/**
 * Which limit guards which route, by URL. Every limit is a hook at route level, so it runs after its scope's
 * credential check and counts per credential: on /v2/org and /partners/greenhouse per API key, on the take-test routes per attempt (the
 * submit in a budget of its own, so nothing else an attempt sends can refuse it). Requests no credential vouches
 * for count per client address: public-link views, and registration with its own, stricter budget.
 */
const limitOf = (url: string): RouteLimit | undefined => {
  // Greenhouse's partner API and iMocha v3's paths spend their key's budget: the same key, the same org.
  if (url === '/v2/org' || url.startsWith('/v2/org/') || url.startsWith('/partners/greenhouse/') || url.startsWith('/v3/')) return 'orgApi';
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
  };
};
