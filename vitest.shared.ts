import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * What every package's tests share: the `@assay/source` condition, so tests run the TypeScript sources and
 * never a stale `dist`, and time enough for real peers (databases, browsers, worker threads).
 */
export const assayTestConfig = (test: TestOptions = {}) =>
  defineConfig({
    resolve: { conditions: ['@assay/source'] },
    ssr: { resolve: { conditions: ['@assay/source'] } },
    test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, ...test },
  });

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
