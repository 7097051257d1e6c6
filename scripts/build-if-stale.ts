import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Tests that start real processes need every package those processes load built and current. `pnpm test`
 * builds first (turbo); a test file run alone (`npx vitest run test/system/…`) asks turbo here, which
 * rebuilds only what changed (its content hashes, not file times) and restores the rest from its cache.
 * Answers the packages it had to build.
 */
export const buildIfStale = (...packages: string[]): string[] => {
  const turbo = join(ROOT, 'node_modules/.bin/turbo');
  const filters = packages.map((name) => `--filter=${name}...`);
  const output = execFileSync(turbo, ['run', 'build', ...filters, '--output-logs=hash-only'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  return [...output.matchAll(/^(@assay\/[\w-]+):build: cache miss/gm)].map((match) => match[1]!);
};
