import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * What every package's tests share: the `@assay/source` condition, so tests run the TypeScript sources and
 * never a stale `dist`, and time enough for real peers (databases, browsers, worker threads).
 */
export const assayTestConfig = (test: TestOptions = {}) =>
  defineConfig({
    resolve: { conditions: ['@assay/source'] },
    ssr: { resolve: { conditions: ['@assay/source'] } },
    // expect.poll's own default (1 s) is shorter than a busy two-core CI run takes to move a browser's focus.
    test: { ...suiteFiles(), testTimeout: 30_000, hookTimeout: 60_000, expect: { poll: { timeout: 10_000 } }, ...test },
  });

/**
 * Two loops: `pnpm test` (unit and integration, minutes at most) and `pnpm test:system` (real processes,
 * crashes, floods and browsers), chosen by ASSAY_TEST_SUITE. A suite is a system suite by its directory alone:
 * `test/system/` (browser suites in `test/system/e2e/`), the layout README.md's "Tests" section describes.
 */
export const SYSTEM_TESTS = ['test/system/**/*.test.ts'];
const suiteFiles = (): TestOptions =>
  process.env.ASSAY_TEST_SUITE === 'system'
    ? { include: SYSTEM_TESTS }
    : {
        include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'test/**/*.test.tsx', 'src/**/*.test.tsx'],
        exclude: [...configDefaults.exclude, ...SYSTEM_TESTS],
        // The fast loop's files share one module graph per worker instead of loading fastify, zod, Kysely, ink
        // and the rest again for each file: that loading was about 40 % of the fast loop's CPU time (decision
        // 110). Every suite builds its own app, store, clock and screen, so no file depends on module state.
        isolate: false,
      };

/** Suites that run on PostgreSQL too: a throwaway cluster unless ASSAY_TEST_PG_URL names one. */
export const withPostgres: TestOptions = {
  globalSetup: [fileURLToPath(new URL('./scripts/vitest-postgres-setup.ts', import.meta.url))],
};

/** Suites that start render workers (`@assay/reports`): their dist is built first when stale. */
export const withRenderWorkers: TestOptions = {
  globalSetup: [fileURLToPath(new URL('./scripts/vitest-render-worker-setup.ts', import.meta.url))],
};

/** Several setups at once: their global setups all run. */
export const combine = (...options: TestOptions[]): TestOptions => ({
  globalSetup: options.flatMap((option) => [option.globalSetup ?? []].flat()),
});
