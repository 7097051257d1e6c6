import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const SCRIPT = fileURLToPath(new URL('./pg-throwaway.sh', import.meta.url));

/**
 * Every suite runs on SQLite and on a real PostgreSQL. CI passes one in ASSAY_TEST_PG_URL; without it a
 * throwaway cluster is started here and removed afterwards, so `pnpm test` alone is the whole suite.
 */
export default function setup(project: TestProject): () => void {
  const given = process.env.ASSAY_TEST_PG_URL;
  if (given) {
    project.provide('pgUrl', given);
    return () => {};
  }
  const url = execFileSync('bash', [SCRIPT, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .at(-1)!;
  project.provide('pgUrl', url);
  return () => {
    execFileSync('bash', [SCRIPT, 'stop', url], { stdio: 'inherit' });
  };
}
