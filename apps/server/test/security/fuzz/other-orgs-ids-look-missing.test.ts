/**
 * Attack class: reaching another org's (or another test's) resources by id. For every route that carries
 * an id — in its path or its query — another org's id must answer exactly what an id that exists nowhere
 * answers: the same statuscode and the same message (numbers aside), and nothing stored. The other ids of
 * the request are the caller's own and the body has the route's documented shape, so the lookup is reached.
 * Routes are read from the app (see every-route-survives-hostile-requests.test.ts); an id parameter of a
 * kind the seeded world does not know fails here until seeded-world.ts is taught it.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startHarness, type Harness } from '../../helpers/test-app.js';
import type { Credential } from './credentials.js';
import { FuzzRunner, statuscodeOf } from './fuzz-runner.js';
import { fuzzSettings, seedFor } from './fuzz-settings.js';
import type { RequestPlan } from './request-arbitrary.js';
import { catalogueRoutes, isIdSchema, routeName, type FuzzRoute, type OpenApiDocument } from './route-catalogue.js';
import { conformingValue } from './schema-arbitrary.js';
import { ID_KINDS, seedWorld, type IdKind, type World } from './seeded-world.js';
import { tableCounter } from './table-counts.js';

const settings = fuzzSettings();
const RUNS_PER_ID = 3;

/** Ids the caller scopes by rather than looks up: the admin API names the org it acts on. */
const isScope = (route: FuzzRoute, name: string) => route.auth === 'admin' && name === 'orgId';

interface IdSlot {
  readonly name: IdKind;
  readonly in: 'path' | 'query';
}

const slotsOf = (route: FuzzRoute): IdSlot[] => [
  ...route.idParams.filter((name) => !isScope(route, name)).map((name) => ({ name: name as IdKind, in: 'path' as const })),
  ...route.query.filter((parameter) => isIdSchema(parameter.schema)).map((parameter) => ({ name: parameter.name as IdKind, in: 'query' as const })),
];

const credentialOf = (route: FuzzRoute): Credential =>
  route.auth === 'apiKey' ? { kind: 'ownKey' } : route.auth === 'admin' ? { kind: 'adminToken', scheme: 'Bearer' } : { kind: 'none' };

/** The request with `slot` set to `id` and everything else the caller's own (its first id of each kind, its running candidate). */
const planWith = (route: FuzzRoute, world: World, slot: IdSlot, id: number, body: unknown): RequestPlan => {
  const ownValue = (name: string): string => {
    if (name === 'token') return world.own.tokens[1]!;
    if (name === 'testId' && slot.name === 'testLinkId') return String(world.own.links[0]!.testId);
    if ((ID_KINDS as readonly string[]).includes(name)) return String(world.own.ids[name as IdKind][0]);
    if (name === 'accessKey') return world.own.accessKeys[0]!;
    // A follow-up's place among its question's follow-ups: the first, so the question's lookup is reached.
    if (name === 'position') return '0';
    return 'x';
  };
  const path = route.url.replace(/:([^/]+)/g, (_, name: string) =>
    slot.in === 'path' && name === slot.name ? String(id) : encodeURIComponent(ownValue(name)),
  );
  const query = route.query
    .filter((parameter) => parameter.required || (slot.in === 'query' && parameter.name === slot.name))
    .map((parameter) => {
      if (parameter.name === slot.name) return `${parameter.name}=${id}`;
      if (parameter.name === 'expires') return `expires=${world.signedReport.expires}`;
      if (parameter.name === 'signature') return `signature=${world.signedReport.signature}`;
      return `${parameter.name}=${encodeURIComponent(ownValue(parameter.name))}`;
    });
  return {
    method: route.method,
    url: `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    credential: credentialOf(route),
    headers: { 'content-type': 'application/json;charset=utf-8' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  };
};

/**
 * Bodies whose rules tie fields together (iMocha's v3 invite: `callbackUrl` or `callbackURL` but equal when both,
 * `email` unless `disableMandatoryFields` — decision 1020), which a value drawn from the schema alone seldom keeps:
 * one that holds is mixed in, so the comparison reaches the lookup as well as the validation.
 */
const V3_INVITE = fc.record({ email: fc.constantFrom('fuzz@example.com', 'other.fuzz@example.com'), name: fc.constantFrom('Fuzz', 'Ada Fuzz') });
const BODIES_THAT_HOLD: Record<string, fc.Arbitrary<unknown>> = {
  'POST /v3/tests/:testId/invite': V3_INVITE,
  'POST /v3/tests/:testId/testlinks/:testLinkId/invite': V3_INVITE,
  'POST /v2/org/tests/:testId/library-items': fc.constant({ items: ['git-staged-diff'] }),
  // A drawn definition rarely passes every refinement (durations, correct options): a small one that does.
  'POST /v2/org/tests/:testId/versions': fc.constant({
    testName: 'Another version',
    sections: [
      {
        sectionName: 'S',
        sectionType: 'general',
        duration: 5,
        questions: [{ type: 'single_choice', text: 'Q', options: [{ text: 'A', correct: true }, { text: 'B' }] }],
      },
    ],
  }),
};

/** What a client can tell apart: the statuscode, and the message once ids are taken out. */
const answerOf = (response: LightMyRequestResponse): string => {
  const code = statuscodeOf(response);
  try {
    const { result } = JSON.parse(response.body) as { result?: unknown };
    return typeof result === 'string' ? `${code} ${result.replace(/\d+/g, '#')}` : code;
  } catch {
    return code;
  }
};

describe.each(backends)("another org's ids answer like ids that exist nowhere, on %s", (backend) => {
  let h: Harness;
  let openapi: OpenApiDocument;
  let routes: FuzzRoute[];
  let world: World;
  let runner: FuzzRunner;

  beforeAll(async () => {
    h = await startHarness(backend);
    world = await seedWorld(h);
    openapi = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
    routes = catalogueRoutes(h.app, openapi).filter((route) => route.method !== 'HEAD' && slotsOf(route).length > 0);
    runner = new FuzzRunner(h, world, (await tableCounter(h.store, backend)).count);
  });
  afterAll(() => h?.close());

  it('every id parameter is of a kind the seeded world has', () => {
    const unknown = routes.flatMap((route) =>
      slotsOf(route)
        .filter((slot) => !(ID_KINDS as readonly string[]).includes(slot.name))
        .map((slot) => `${routeName(route)} ${slot.name}`),
    );
    expect(unknown).toEqual([]);
    expect(routes.length).toBeGreaterThan(10);
  });

  it("on every route with ids, another org's id and a missing id get the same answer, and neither stores anything", async () => {
    const failures: string[] = [];
    const lookedUp = new Set<string>();
    for (const route of routes) {
      for (const slot of slotsOf(route)) {
        const others = world.other.ids[slot.name];
        const missing = fc.oneof(fc.constantFrom(...world.missingIds), fc.integer({ min: 10_000_000, max: 2 ** 31 - 1 }));
        const holding = BODIES_THAT_HOLD[routeName(route)];
        const drawn = route.body ? conformingValue(openapi, route.body) : fc.constant(undefined);
        const body = holding ? fc.oneof(drawn, holding) : drawn;
        const property = fc.asyncProperty(fc.constantFrom(...others), missing, body, async (otherId, missingId, payload) => {
          const other = await runner.problemsWith(route, planWith(route, world, slot, otherId, payload));
          const nowhere = await runner.problemsWith(route, planWith(route, world, slot, missingId, payload));
          expect([...other.problems, ...nowhere.problems], `${slot.name} ${otherId} vs ${missingId}`).toEqual([]);
          expect(answerOf(other.response), `${slot.name} ${otherId} (another org's) vs ${missingId} (nowhere)`).toBe(answerOf(nowhere.response));
          if (!/^(400|401|429)/.test(statuscodeOf(other.response))) lookedUp.add(`${routeName(route)} ${slot.name}`);
        });
        const details = await fc.check(property, {
          seed: seedFor(settings.seed, `${routeName(route)} ${slot.name}`),
          numRuns: RUNS_PER_ID,
          endOnFailure: true,
        });
        if (details.failed) {
          const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          failures.push(`${routeName(route)} (${slot.in} ${slot.name}): ${error}\nseed ${details.seed}, path ${details.counterexamplePath}`);
        }
      }
    }
    expect(failures.length, failures.join('\n\n')).toBe(0);
    // Each comparison must have reached the lookup at least once, or it proved nothing.
    const unreached = routes.flatMap((route) => slotsOf(route).map((slot) => `${routeName(route)} ${slot.name}`)).filter((key) => !lookedUp.has(key));
    expect(unreached).toEqual([]);
  });
});
