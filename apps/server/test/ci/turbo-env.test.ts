import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../..');

/** Files a test task runs: test directories, tests beside the sources, vitest configs and their global setups. */
const testSources = (): string[] => {
  const found: string[] = [];
  const walk = (dir: string, inTest: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, inTest || entry.name === 'test');
      else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && (inTest || /\.test\.tsx?$/.test(entry.name) || /^vitest[.\w-]*\.ts$/.test(entry.name)))
        found.push(path);
    }
  };
  for (const group of ['apps', 'packages']) for (const name of readdirSync(join(ROOT, group))) walk(join(ROOT, group, name), false);
  const scripts = readdirSync(join(ROOT, 'scripts')).filter((name) => /^vitest-.*\.ts$/.test(name));
  return [...found, join(ROOT, 'vitest.shared.ts'), ...scripts.map((name) => join(ROOT, 'scripts', name))];
};

/**
 * Variables the tests name only to hand them to a process they start (with a value of their own), or read from an
 * object of their own: never the test task's environment.
 */
const SET_NOT_READ = new Set([
  // The harness's own settings object (test/helpers/test-app.ts), and the sandbox's probe it sets itself.
  'ASSAY_DATABASE_URL',
  'ASSAY_OUTBOX_DIR',
  'ASSAY_SANDBOX_TEST_SECRET',
  // The child processes' environments (the CLI's and the lock test's), set by the tests.
  'LOCKED_FILE',
  'ASSAY_FOLLOW_INTERVAL_MS',
  'ASSAY_SKIP_INSTALL',
]);

/** Issue 48, decision 659: turbo hashes every variable a test reads, and passes nothing else (strict mode). */
describe('turbo.json', () => {
  const turbo = JSON.parse(readFileSync(join(ROOT, 'turbo.json'), 'utf8')) as {
    envMode: string;
    globalEnv?: string[];
    tasks: Record<string, { env?: string[]; passThroughEnv?: string[] }>;
  };

  it('runs tests in strict env mode, passing through only where things are', () => {
    expect(turbo.envMode).toBe('strict');
    for (const task of ['test', 'test:system']) expect(turbo.tasks[task]!.passThroughEnv).toEqual(['PATH', 'HOME', 'TMPDIR', 'ASSAY_PG_VERBOSE']);
  });

  it('declares in both test tasks every variable a test, a vitest config or a global setup reads', () => {
    const read = new Map<string, string>();
    for (const file of testSources()) {
      const text = readFileSync(file, 'utf8');
      for (const [, name] of text.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) if (!read.has(name!)) read.set(name!, relative(ROOT, file));
    }
    expect(read.get('ASSAY_OPENAPI_SEED')).toBeDefined();
    for (const task of ['test', 'test:system']) {
      const declared = new Set([...(turbo.tasks[task]!.env ?? []), ...(turbo.tasks[task]!.passThroughEnv ?? []), ...(turbo.globalEnv ?? [])]);
      const missing = [...read].filter(([name]) => !declared.has(name) && !SET_NOT_READ.has(name)).map(([name, file]) => `${name} (${file})`);
      expect(missing, `add to turbo.json's ${task} env`).toEqual([]);
    }
  });
});
