import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createClient } from '@assay/client';
import { holdSqliteLock, startPgProxy } from './helpers/database-outages.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { injectFetch } from './helpers/inject-fetch.js';
import { ADMIN_TOKEN, PUBLIC_URL, envelope, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 27, item 9: a database that cannot be used for a while (another process holds the SQLite file's lock; PostgreSQL
 * refuses connections) is an outage, not a bug: writes answer 503.4 with Retry-After, /readyz says writes are unavailable,
 * and the same request succeeds once the database is back. Before, writes answered 500.1 after the busy timeout and
 * /readyz stayed ok.
 */
const BUSY_TIMEOUT = { ASSAY_DB_BUSY_TIMEOUT_MS: '200' };

describe('a database that is unavailable for a while', () => {
  let h: Harness | undefined;
  /** Run after the test, in order: the lock let go, the app closed, the proxy closed. */
  let cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups) await cleanup();
    cleanups = [];
    h = undefined;
  });
  const start = async (...args: Parameters<typeof startHarness>) => {
    h = await startHarness(...args);
    cleanups.push(() => h!.close());
    return h;
  };

  const createLink = (testId: number, key: string) =>
    h!.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks`,
      body: { testLinkName: 'During the outage', accessTime: 0 },
      headers: { 'idempotency-key': key },
    });
  const readyz = () => h!.request({ method: 'GET', url: '/readyz', apiKey: null });
  const linkCount = async (testId: number) => (await h!.client.testLinks.list(testId)).length;
  const expectUnavailable = (response: Awaited<ReturnType<typeof createLink>>) => {
    expectFailure(response, '503.4');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };
  /** Ready again: the database takes writes (the server tries it again once its refusal after a busy lock ends). */
  const readyAgain = async () => {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await readyz()).statusCode === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };
  /** The server on a SQLite file of the test's own, which another process can lock. */
  const startOnFile = async (...[env, ...rest]: Parameters<typeof startHarness> extends [unknown, ...infer Rest] ? Rest : never) => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-locked-'));
    const file = join(dir, 'assay.db');
    try {
      await start('sqlite', { ...env, ASSAY_DATABASE_URL: `sqlite:${file}` }, ...rest);
    } finally {
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    }
    return file;
  };
  /** Another process holds the SQLite file; let go at the latest after the test. */
  const lockSqlite = async (file: string) => {
    const lock = await holdSqliteLock(file);
    let released: Promise<void> | undefined;
    const release = () => (released ??= lock.release());
    cleanups.unshift(release);
    return release;
  };

  it('answers 503.4 while another process holds the SQLite file in BEGIN EXCLUSIVE, reads on, and writes again once it lets go', async () => {
    const file = await startOnFile(BUSY_TIMEOUT);
    const testId = await h!.importTest();
    const release = await lockSqlite(file);

    expectUnavailable(await createLink(testId, 'outage-1'));
    const notReady = await readyz();
    expectFailure(notReady, '503.1');
    expect(envelope<string>(notReady).result).toMatch(/takes no writes: another process holds its write lock/);
    // Reads do not need the write lock.
    expect(await linkCount(testId)).toBe(0);

    await release();
    expect(await readyAgain()).toBe(true);
    expectSuccess(await createLink(testId, 'outage-1'));
    expect(await linkCount(testId)).toBe(1);
  });

  it('lets a keyed request that met the outage run again under its key at once, though its key could not be let go', async () => {
    let release: (() => Promise<void>) | undefined;
    const file: string = await startOnFile(BUSY_TIMEOUT, undefined, (app) =>
      app.addHook('preHandler', async (request) => {
        // The key is claimed; the database goes away before the request's effect, and stays away while the request ends.
        if (request.headers['idempotency-key'] === 'met-the-outage' && !release) release = await lockSqlite(file);
      }),
    );
    const testId = await h!.importTest();
    expectUnavailable(await createLink(testId, 'met-the-outage'));
    await release!();
    expect(await readyAgain()).toBe(true);
    // Not 409.1 until the claim's lock time lapses: this process knows no request of its own holds the key any more.
    expectSuccess(await createLink(testId, 'met-the-outage'));
    expect(await linkCount(testId)).toBe(1);
  });

  it('is waited out by @assay/client, which retries a 503.4 after its Retry-After', async () => {
    let release: (() => Promise<void>) | undefined;
    let unavailable = 0;
    const file = await startOnFile(BUSY_TIMEOUT, undefined, (app) =>
      app.addHook('onResponse', async (_request, reply) => {
        // The lock goes away once the first attempt was refused: the client's retry finds the database back.
        if (reply.statusCode === 503 && (unavailable += 1) === 1) await release?.();
      }),
    );
    const testId = await h!.importTest();
    release = await lockSqlite(file);
    const client = createClient({
      baseUrl: PUBLIC_URL,
      apiKey: h!.org.apiKey,
      adminToken: ADMIN_TOKEN,
      fetch: injectFetch(h!.app),
      retries: 3,
      autoIdempotencyKeys: true,
    });
    const link = await client.testLinks.create(testId, { testLinkName: 'Retried', accessTime: 0 });
    expect(unavailable).toBeGreaterThanOrEqual(1);
    expect(link.testLinkName).toBe('Retried');
    expect(await linkCount(testId)).toBe(1);
  });

  it('answers 503.4 while PostgreSQL refuses connections, /readyz 503.1, and recovers when it is back', async () => {
    const proxy = await startPgProxy(inject('pgUrl'));
    await start('postgres', { ...BUSY_TIMEOUT, ASSAY_DATABASE_URL: proxy.url });
    cleanups.push(() => proxy.close());
    const testId = await h!.importTest();
    expectSuccess(await readyz());

    // Stopped: every connection dropped, the port closed.
    await proxy.stop();
    expectUnavailable(await createLink(testId, 'pg-outage-1'));
    const notReady = await readyz();
    expectFailure(notReady, '503.1');
    expect(envelope<string>(notReady).result).toMatch(/not reachable/);

    await proxy.start();
    expect(await readyAgain()).toBe(true);
    expectSuccess(await createLink(testId, 'pg-outage-1'));
    expect(await linkCount(testId)).toBe(1);
  });
});
