/**
 * Attack class: anything at all sent to any route. A property-based suite (fast-check, through `inject`)
 * over every route Fastify serves — read from the app itself, so a route added later is fuzzed without
 * anyone listing it — with and without credentials: hostile path parameters (huge, zero, negative,
 * unicode, broken percent-encoding, 10 kB), query strings, headers (lying content types and charsets,
 * repeated and garbage keys and tokens) and bodies (wrong types, deep nesting, huge strings and arrays,
 * `__proto__`, and bodies derived from the route's own schema that are wrong in exactly one place).
 *
 * For every request: never a 5xx; every JSON answer is the envelope whose statuscode's class is the HTTP
 * status, failures with a message; documented routes fail only with the envelope; exports answer their
 * file or the envelope; and a refusal stores nothing (the row count of every table is unchanged).
 *
 * Runs: `pnpm test` sends FAST_RUNS requests per backend (300; every-route-survives-hostile-requests.test.ts)
 * and `pnpm test:system` DEFAULT_RUNS (800; test/system/fuzz-every-route.test.ts), spread over the routes,
 * with the fixed seed of fuzz-settings.ts (the fast share is the start of the same sequence: every route
 * gets the first of its requests). ASSAY_FUZZ_RUNS sets the count of either. A longer run, on a fresh seed
 * unless ASSAY_FUZZ_SEED is given:
 *
 *   cd apps/server && ASSAY_FUZZ_RUNS=20000 npx vitest run test/security/fuzz    # what `pnpm test:fuzz` runs
 *
 * A failure prints its route, seed and path, and the line that replays it (ASSAY_FUZZ_SEED, ASSAY_FUZZ_ROUTE,
 * ASSAY_FUZZ_PATH).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startHarness, type Harness } from '../../helpers/test-app.js';
import { FuzzRunner } from './fuzz-runner.js';
import { replayHint, runBudget, seedFor, timeoutFor, type FuzzSettings } from './fuzz-settings.js';
import type { Pass } from './credentials.js';
import { STRAY_PATH_PARAM, requestArbitrary } from './request-arbitrary.js';
import { catalogueRoutes, routeName, routedPaths, type FuzzRoute, type OpenApiDocument } from './route-catalogue.js';
import { seedWorld } from './seeded-world.js';
import { tableCounter } from './table-counts.js';

/** Paths no route serves, next to real ones: answered 404.1 or 405.1 (or 400.13, 414.1), always the envelope. */
const STRAY_PATHS: FuzzRoute = {
  method: 'GET',
  url: `/:${STRAY_PATH_PARAM}`,
  params: [STRAY_PATH_PARAM],
  idParams: [],
  failureBody: 'envelope',
  query: [],
  body: undefined,
  auth: 'none',
  documented: true,
  successTypes: [],
  successIsEnvelope: true,
};

/** Admin calls last: a successful one may rotate the seeded orgs' keys (they are re-issued, but why churn). */
const inFuzzOrder = (routes: FuzzRoute[]): FuzzRoute[] => [...routes].sort((a, b) => Number(a.url.startsWith('/admin')) - Number(b.url.startsWith('/admin')));

/** The suite, with how many hostile requests each backend gets and the seed (`fuzzSettings`). */
export const describeEveryRoute = (settings: FuzzSettings) =>
  describe.each(backends)('every route survives hostile requests, on %s', (backend) => {
    let h: Harness;
    let openapi: OpenApiDocument;
    let routes: FuzzRoute[];
    let runner: FuzzRunner;

    beforeAll(async () => {
      h = await startHarness(backend);
      const world = await seedWorld(h);
      openapi = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
      routes = catalogueRoutes(h.app, openapi);
      runner = new FuzzRunner(h, world, (await tableCounter(h.store, backend)).count);
    });
    afterAll(() => h?.close());

    it('the catalogue is every route Fastify serves, each found again by Fastify itself', () => {
      const listing = h.app.printRoutes({ commonPrefix: false });
      const methodsListed = [...listing.matchAll(/\(([A-Z, ]+)\)$/gm)].flatMap((match) => match[1]!.split(','));
      expect(routedPaths(h.app)).toHaveLength(methodsListed.length);
      for (const route of routes) expect(h.app.hasRoute({ method: route.method as 'GET', url: route.url }), routeName(route)).toBe(true);
      expect(routes.filter((route) => route.documented).length).toBeGreaterThanOrEqual(Object.keys(openapi.paths).length);
    });

    it(
      'no request to any route, with or without credentials, answers a 5xx, a non-envelope, or stores data on a refusal',
      async () => {
        const targets = [...inFuzzOrder(routes), STRAY_PATHS];
        const selected = (route: FuzzRoute, pass: Pass) => !settings.route || [routeName(route), `${routeName(route)} ${pass}`].includes(settings.route);
        expect(
          targets.some((route) => selected(route, 'authenticated') || selected(route, 'unauthenticated')),
          `ASSAY_FUZZ_ROUTE names no route`,
        ).toBe(true);
        const runsOf = runBudget(targets, settings.runs);
        console.info(`fuzzing ${targets.length} routes on ${backend}: ${settings.runs} requests, seed ${settings.seed}`);

        const failures: string[] = [];
        const reached = new Map<string, Set<Pass>>();
        for (const route of targets) {
          for (const pass of ['authenticated', 'unauthenticated'] as const) {
            if (!selected(route, pass)) continue;
            await runner.prepare(route);
            const property = fc.asyncProperty(requestArbitrary(route, pass, openapi, runner.world), async (plan) => {
              await runner.check(route, plan);
              reached.set(routeName(route), (reached.get(routeName(route)) ?? new Set<Pass>()).add(pass));
            });
            const details = await fc.check(property, {
              seed: seedFor(settings.seed, `${routeName(route)} ${pass}`),
              numRuns: runsOf(route, pass),
              endOnFailure: true,
              ...(settings.path ? { path: settings.path } : {}),
            });
            if (details.failed) {
              const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
              failures.push(
                `${routeName(route)}, ${pass}: ${error}\n` +
                  `seed ${details.seed}, path ${details.counterexamplePath}; replay: ${replayHint(settings, `${routeName(route)} ${pass}`, details.counterexamplePath ?? undefined)}`,
              );
            }
          }
        }
        console.info(`statuscodes per route on ${backend}:\n${runner.summary()}`);
        expect(failures.length, failures.join('\n\n')).toBe(0);
        // Coverage: every route was hit with and without credentials, and reached past authentication.
        if (!settings.route) {
          for (const route of targets)
            expect([...(reached.get(routeName(route)) ?? [])].sort(), routeName(route)).toEqual(['authenticated', 'unauthenticated']);
          const stuckAtTheDoor = routes.filter(
            (route) => route.auth !== 'none' && [...(runner.tallies.get(routeName(route))?.keys() ?? [])].every((code) => /^401/.test(code)),
          );
          expect(stuckAtTheDoor.map(routeName)).toEqual([]);
        }
      },
      timeoutFor(settings),
    );
  });
