import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { startHarness, type Harness } from './helpers/test-app.js';

/** What of better-sqlite3 a reader on an old snapshot needs. */
interface SnapshotReader {
  exec(sql: string): void;
  prepare(sql: string): { get(): unknown };
  close(): void;
}

/** A reader of its own, as a backup or a `sqlite3` shell would open: the store's driver (the server has none of its own). */
const BetterSqlite3 = createRequire(new URL('../../../packages/store/package.json', import.meta.url))('better-sqlite3') as new (
  path: string,
  options: { readonly: boolean },
) => SnapshotReader;

/**
 * Issue 59 point 7 (decision 1005): on SQLite an erasure that meets a reader holding an old snapshot (a backup, a
 * `sqlite3` shell, a long export) answered 503 "retry" though it had committed, and the retry answered 404 with the
 * erased text still in the WAL. Now the first answer says what happened — erased — and the WAL is emptied as soon as
 * the reader lets go, with no request needed.
 */
describe('an erasure that meets a reader on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-erasure-reader-'));
  const dbPath = join(dir, 'assay.db');
  let h: Harness;

  beforeAll(async () => {
    // A busy timeout of 100 ms: the erasure waits 200 ms for the reader, not 10 s.
    h = await startHarness('sqlite', { ASSAY_DATABASE_URL: `sqlite:${dbPath}`, ASSAY_DB_BUSY_TIMEOUT_MS: '100' });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers erased, and empties the WAL once the reader is done', async () => {
    const testId = await h.importTest();
    expectSuccess(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: 'wal.reader@example.com', fullName: 'Wally Walreader' } }),
    );
    const reader = new BetterSqlite3(dbPath, { readonly: true });
    reader.exec('begin');
    reader.prepare('select count(*) from candidates').get();

    const erased = await h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: 'wal.reader@example.com' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(statSync(`${dbPath}-wal`).size).toBeGreaterThan(0);
    // Asked again, the address is no longer known: the first answer was the one that counts.
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: 'wal.reader@example.com' } }), '404.51');

    reader.exec('commit');
    reader.close();
    for (let waited = 0; statSync(`${dbPath}-wal`).size > 0 && waited < 5_000; waited += 50) await sleep(50);
    expect(statSync(`${dbPath}-wal`).size).toBe(0);
    for (const path of [dbPath, `${dbPath}-wal`]) expect(readFileSync(path).toString('latin1').toLowerCase(), path).not.toMatch(/walreader|wal\.reader@/);
  });
});
