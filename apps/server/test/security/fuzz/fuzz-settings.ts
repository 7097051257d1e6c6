import type { Pass } from './credentials.js';
import type { FuzzRoute } from './route-catalogue.js';

/**
 * How much the fuzz suite runs, and with which seed. `pnpm test` runs a bounded share (FAST_RUNS),
 * `pnpm test:system` the default (DEFAULT_RUNS), both on the fixed seed; the environment asks for more (see
 * the header of every-route.ts).
 */

/** Hostile requests per backend, spread over every route: enough to touch every route with and without credentials. */
export const DEFAULT_RUNS = 800;

/** The share `pnpm test` sends (the full DEFAULT_RUNS run under `pnpm test:system`): every route still gets a few. */
export const FAST_RUNS = 300;

/**
 * A fixed seed keeps `pnpm test` reproducible (a red run is red again on the next try); a long run uses a
 * fresh one unless told. Either way the seed is printed, and a failure names its seed, path and route.
 */
export const DEFAULT_SEED = 20_260_607;

const positiveInteger = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
};

export interface FuzzSettings {
  /** Hostile requests per backend. */
  readonly runs: number;
  readonly seed: number;
  /** Replays one counterexample: `path` from a failure message, with `route` ("METHOD /url", optionally followed by its pass) and `seed`. */
  readonly path: string | undefined;
  readonly route: string | undefined;
  /** Whether this is the long run (bigger timeouts, a fresh seed by default). */
  readonly long: boolean;
}

export const fuzzSettings = (env: NodeJS.ProcessEnv = process.env, defaultRuns = DEFAULT_RUNS): FuzzSettings => {
  const runs = positiveInteger('ASSAY_FUZZ_RUNS', env.ASSAY_FUZZ_RUNS);
  const long = runs !== undefined && runs > DEFAULT_RUNS;
  const seed = positiveInteger('ASSAY_FUZZ_SEED', env.ASSAY_FUZZ_SEED) ?? (long ? Date.now() % 2 ** 31 : DEFAULT_SEED);
  return {
    runs: runs ?? defaultRuns,
    seed,
    path: env.ASSAY_FUZZ_PATH || undefined,
    route: env.ASSAY_FUZZ_ROUTE || undefined,
    long,
  };
};

/**
 * Each route and pass gets its own seed, derived from the run's seed and the route's name: routes do not
 * repeat each other's choices, and a route replays alone (ASSAY_FUZZ_ROUTE) exactly as in the full run.
 */
export const seedFor = (seed: number, name: string): number => {
  let hash = seed | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash >>> 0;
};

/**
 * How many requests each route gets in each pass (60 % with its own credentials, 40 % without), out of
 * `total`. HEAD runs the GET's handler without sending the body, and a route that reads no parameter, query
 * or body has only headers and methods to get wrong: each gets a share, not a full helping.
 */
export const runBudget = (routes: readonly FuzzRoute[], total: number): ((route: FuzzRoute, pass: Pass) => number) => {
  const takesInput = (route: FuzzRoute) => route.params.length > 0 || route.query.length > 0 || route.body !== undefined;
  const weightOf = (route: FuzzRoute) => (route.method === 'HEAD' ? 0.4 : 1) * (takesInput(route) ? 1 : 0.3);
  const perRoute = total / routes.reduce((sum, route) => sum + weightOf(route), 0);
  return (route, pass) => Math.max(2, Math.round(perRoute * weightOf(route) * (pass === 'authenticated' ? 0.6 : 0.4)));
};

/** Per-test timeout: the bounded run finishes in well under a minute; a long run gets what it needs. */
export const timeoutFor = (settings: FuzzSettings): number => (settings.long ? Math.max(120_000, settings.runs * 100) : 120_000);

/** The line to paste to replay one failing route. */
export const replayHint = (settings: FuzzSettings, route: string, path?: string): string =>
  `ASSAY_FUZZ_SEED=${settings.seed} ASSAY_FUZZ_ROUTE='${route}'${path ? ` ASSAY_FUZZ_PATH='${path}'` : ''} ` +
  `ASSAY_FUZZ_RUNS=${settings.runs} npx vitest run test/security/fuzz`;
