import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from './built-packages.js';
import { ADMIN_TOKEN, startServerProcess } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    assayUrl: string;
    adminToken: string;
    /** The server's SQLite file, for tests that store what the API would no longer accept (stored-data.ts). */
    assayDatabase: string;
  }
}

/** Builds what is stale, then starts one real Assay server for the whole run. */
export default async function setup(project: TestProject) {
  const built = buildIfStale();
  if (built.length > 0) console.warn(`@assay/cli tests: built ${built.join(', ')} first`);
  const dir = mkdtempSync(join(tmpdir(), 'assay-cli-tests-'));
  const database = join(dir, 'assay.db');
  const server = await startServerProcess(database, join(dir, 'outbox'));
  project.provide('assayUrl', server.url);
  project.provide('adminToken', ADMIN_TOKEN);
  project.provide('assayDatabase', database);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
