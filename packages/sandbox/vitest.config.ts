import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@assay/source'] },
  ssr: { resolve: { conditions: ['@assay/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The suites assert wall-clock bounds of real worker threads; running files one at a time on a
    // 2-core machine keeps those timings about the sandbox, not about CPU contention between files.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
