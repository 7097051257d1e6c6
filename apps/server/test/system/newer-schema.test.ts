import { openStore } from '@assay/store';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  buildIfStale,
  createOrg,
  diagnostics,
  importTest,
  killAll,
  register,
  scratchDatabase,
  sleep,
  startServer,
  startWorker,
  withPg,
  type RunningServer,
} from './processes.js';

/**
 * Issue 51, item 5: a newer build migrates the database while an older server runs on it (a rolling upgrade). Before,
 * the old server answered 500.1 to candidates ("cached plan must not change result type") for as long as it ran; now
 * it notices — at the first statement the change breaks, or within seconds by its periodic look — answers 503.3 with
 * Retry-After, logs why and exits non-zero so the new build takes its place (decision 858).
 */
const NEWER = '999-from-a-newer-assay';

/** What a newer build's migration does: an added column (which changes `select *`) and its row in the migrations table. */
const migrateAsNewerBuild = async (backend: 'sqlite' | 'postgres', url: string) => {
  const timestamp = new Date().toISOString();
  if (backend === 'postgres') {
    await withPg(url, async (client) => {
      await client.query('alter table invitations add column newer_build_note text');
      await client.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [NEWER, timestamp]);
    });
    return;
  }
  const store = await openStore(url);
  try {
    const db = store.db.withTables<{ kysely_migration: { name: string; timestamp: string } }>();
    await db.schema.alterTable('invitations').addColumn('newer_build_note', 'text').execute();
    await db.insertInto('kysely_migration').values({ name: NEWER, timestamp }).execute();
  } finally {
    await store.close();
  }
};

describe.each(['postgres', 'sqlite'] as const)('an older server when a newer Assay migrates its database (%s, real processes)', (backend) => {
  let database: { url: string; dispose: () => Promise<void> } | undefined;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`newer-schema.test: built ${built.join(', ')} first`);
    database = await scratchDatabase(backend, 'newer_schema', inject('pgUrl'));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await database?.dispose();
  }, 60_000);

  it('never answers 500.1 for it: 503.3 with Retry-After, a log line, then it exits non-zero', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(diagnostics()));
    const old: RunningServer = await startServer(`old-build-${backend}`, database!.url);
    const oldWorker = await startWorker(`old-worker-${backend}`, database!.url, old.url);
    const { apiKey } = await createOrg(old.url, 'Rolling');
    const testId = await importTest(old.url, apiKey, sampleDefinition);
    const { token } = await register(old.url, apiKey, testId, 'rolling@example.com', 'http://127.0.0.1:9/unused');
    const session = () => fetch(`${old.url}/candidate/v1/${token}`).then(async (response) => ({ response, body: await response.text() }));
    // Used often enough that PostgreSQL holds the statement prepared on the pool's connections.
    for (let i = 0; i < 30; i += 1) expect((await session()).response.status).toBe(200);

    await migrateAsNewerBuild(backend, database!.url);

    const statuses: number[] = [];
    let refusal: { response: Response; body: string } | undefined;
    while (old.proc.alive() && statuses.length < 400) {
      const answer = await session().catch(() => undefined);
      if (!answer) break;
      statuses.push(answer.response.status);
      if (answer.response.status === 503) refusal ??= answer;
      expect(answer.response.status, answer.body).not.toBe(500);
      await sleep(25);
    }
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const { code } = await old.proc.exited;
    expect(code).toBe(1);
    expect(old.proc.output()).toContain(`database migrated by a newer Assay (migration ${NEWER}); stopping`);
    // On PostgreSQL the requests after the migration meet the changed schema (their prepared statements' plans): each
    // such failure is answered 503.3, as is every request once the process knows.
    if (backend === 'postgres') expect(refusal, `statuses: ${statuses.join(',')}`).toBeDefined();
    if (refusal) {
      expect(JSON.parse(refusal.body)).toMatchObject({ statuscode: '503.3' });
      expect(refusal.response.headers.get('retry-after')).toBe('5');
    }
    expect(old.proc.output()).not.toMatch(/cached plan must not change result type/);
    // The worker process stops the same way, within its periodic look.
    expect((await oldWorker.exited).code).toBe(1);
    expect(oldWorker.output()).toContain(`database migrated by a newer Assay (migration ${NEWER}); stopping`);
  }, 60_000);
});
