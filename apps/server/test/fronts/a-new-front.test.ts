import { loadConfig } from '@assay/config';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { generateApiKey } from '../../src/auth/api-key.js';
import type { AppContext } from '../../src/context.js';
import { API_KEY_SECURITY } from '../../src/fronts/api-key-security.js';
import type { Front } from '../../src/fronts/front.js';
import type { FrontDescriptor } from '../../src/fronts/front-descriptor.js';
import { FRONTS } from '../../src/fronts/fronts.js';
import { requireApiKey } from '../../src/plugins/api-key-auth.js';
import { declareRouteCapabilities } from '../../src/plugins/route-capabilities.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import { ADMIN_TOKEN, PUBLIC_URL, backends, openTestStore } from '../helpers/test-app.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

// Decision 1300, measured: a new front is its folder (here, this file's descriptor, its failure sender and its one
// route) and one line in the list of fronts. Everything else it must have (its per-key limit, its failure shape in
// every failure, its security and 429 in the API document) follows from the descriptor, with no other table to edit.

/** A scratch front's own failure body, so a test can tell its answers from every other front's. */
const v0Front: Front = {
  name: 'v0',
  send: (reply, { kind, message }) => reply.code(kind === 'too-many-requests' ? 429 : 400).send({ v0Failure: kind, message }),
};

const registerV0Front: FastifyPluginAsyncZod<AppContext> = async (keyed, context) => {
  declareRouteCapabilities(keyed, { 'GET /v0/ping': 'read-tests' });
  requireApiKey(keyed, context.store, context.keyCache, context.credentialLimits.apiKey);
  keyed.get('/ping', { schema: { response: { 200: z.object({ pong: z.literal(true) }) } } }, async () => ({ pong: true as const }));
};

const v0FrontDescriptor: FrontDescriptor = {
  name: 'v0',
  prefix: '/v0',
  front: v0Front,
  security: API_KEY_SECURITY,
  rateLimit: 'orgApi',
  idempotencyKeys: false,
  documentation: {
    failureSchema: 'V3Failure',
    descriptions: { '200': 'v0: the answer', '4XX': 'v0: refused', '5XX': 'v0: failed' },
    tooManyRequests: { name: 'V0TooManyRequests', description: 'v0: too many requests for this key' },
    unavailable: { name: 'V0Unavailable', description: 'v0: not available right now' },
  },
  register: registerV0Front,
};

// @ts-expect-error A front that names no per-key limit does not compile (`pnpm typecheck` checks this line).
const unlimited: FrontDescriptor = { ...v0FrontDescriptor, rateLimit: undefined };
void unlimited;

/** The one line a new front adds to fronts/fronts.ts. */
const frontsWithV0 = [...FRONTS, v0FrontDescriptor];

describe.each(backends)('a scratch /v0 front added to the list of fronts, on %s', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let apiKey: string;
  const ping = (key = apiKey) => app.inject({ method: 'GET', url: '/v0/ping', headers: { 'x-api-key': key } });

  beforeAll(async () => {
    const config = loadConfig({
      ASSAY_PUBLIC_URL: PUBLIC_URL,
      ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: process.env.ASSAY_TEST_LOG_LEVEL ?? 'silent',
      ASSAY_SANDBOX_PREWARM: 'none',
      ...NO_COMPILER_WARM_UP,
      ...GENEROUS_RATE_LIMITS,
      ASSAY_RATE_LIMIT_ORG_API: '2/1m',
    });
    const opened = await openTestStore(backend, { busyTimeoutMs: config.databaseBusyTimeoutMs });
    dispose = opened.dispose;
    app = await buildApp({ config, store: opened.store, fronts: frontsWithV0 });
    await app.ready();
    const org = await opened.store.orgs.create({ name: 'Acme', email: 'acme@example.com', timeZoneId: 1720 }, Date.now());
    const key = generateApiKey();
    await opened.store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
    apiKey = key.apiKey;
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it("spends the key's budget on its routes, and refuses past it in its own body", async () => {
    for (const remaining of ['1', '0']) {
      const response = await ping();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ pong: true });
      expect(response.headers['ratelimit-remaining']).toBe(remaining);
    }
    const refused = await ping();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ v0Failure: 'too-many-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('answers its own failures under its prefix: a wrong key, an unknown path', async () => {
    expect((await ping('not-a-key')).json()).toMatchObject({ v0Failure: 'api-key-invalid' });
    expect((await app.inject({ method: 'GET', url: '/v0/nowhere' })).json()).toMatchObject({ v0Failure: 'route-not-found' });
  });

  it("is documented with its descriptor's security, 429 and 503, and its descriptions", async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/v0/ping'].get;
    expect(operation.security).toEqual([{ apiKey: [] }]);
    expect(operation.responses['429']).toEqual({ $ref: '#/components/responses/V0TooManyRequests' });
    expect(operation.responses['503']).toEqual({ $ref: '#/components/responses/V0Unavailable' });
    expect(operation.responses['200'].description).toBe('v0: the answer');
    expect(document.components.responses.V0TooManyRequests).toMatchObject({
      description: 'v0: too many requests for this key',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/V3Failure' } } },
    });
  });
});
