import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 51, item 5 (decision 858), in-process: a request whose statement fails the way a changed schema makes it fail
 * answers 503.3 (and so does every later one) once the migrations table names a migration this build lacks; without
 * such a migration the same failure stays what it is, a 500.1 to report. The real processes are in
 * test/system/newer-schema.test.ts.
 */
describe.each(backends)('a request that meets a schema a newer build changed, on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  const listTests = () => h.request({ method: 'GET', url: '/v2/org/tests' });

  it('is a 500.1 while no newer migration is recorded, then 503.3 with Retry-After, for every request after', async () => {
    expect((await listTests()).statusCode).toBe(200);
    // What a newer build's migration could do to a table this build reads.
    await h.store.db.schema.alterTable('tests').renameTo('tests_moved').execute();
    const bug = await listTests();
    expect(bug.statusCode).toBe(500);
    expect(envelope(bug).statuscode).toBe('500.1');

    const migrations = h.store.db.withTables<{ kysely_migration: { name: string; timestamp: string } }>();
    await migrations.insertInto('kysely_migration').values({ name: '999-from-a-newer-assay', timestamp: new Date().toISOString() }).execute();
    const stopping = await listTests();
    expect(stopping.statusCode).toBe(503);
    expect(envelope(stopping)).toMatchObject({ statuscode: '503.3' });
    expect(envelope<string>(stopping).result).toMatch(/migrated by a newer Assay/);
    expect(stopping.headers['retry-after']).toBe('5');
    expect(stopping.headers.connection).toBe('close');
    expect(h.app.assay.schema.newer).toBe('999-from-a-newer-assay');
    // From then on this process serves nothing: it is stopping.
    expect(envelope(await h.request({ method: 'GET', url: '/healthz', apiKey: null })).statuscode).toBe('503.3');
  });
});
