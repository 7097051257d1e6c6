import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@assay/source'] },
  ssr: { resolve: { conditions: ['@assay/source'] } },
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
