import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@assay/source'] },
  ssr: { resolve: { conditions: ['@assay/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['../../scripts/vitest-postgres-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
