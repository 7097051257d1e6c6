import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../src/engine/connect.js';

const directories: string[] = [];
const connections: Connection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.db.destroy();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const openOn = async (busyTimeoutMs: number) => {
  const directory = mkdtempSync(join(tmpdir(), 'assay-wal-truncation-'));
  directories.push(directory);
  const path = join(directory, 'assay.db');
  const connection = connect(`sqlite:${path}`, { busyTimeoutMs });
  connections.push(connection);
  await sql`create table notes (id integer primary key, body text not null)`.execute(connection.db);
  const walBytes = () => statSync(`${path}-wal`).size;
  const writeAndErase = async (rows: number) => {
    await sql`insert into notes (body) select 'alan turing ' || value from json_each(${JSON.stringify(Array.from({ length: rows }, (_, index) => index))})`.execute(
      connection.db,
    );
    await sql`delete from notes`.execute(connection.db);
  };
  return { path, connection, walBytes, writeAndErase };
};

/**
 * After an erasure the WAL is emptied, so no earlier version of an erased row stays in it (decision 844), even when
 * something else holds the WAL at that moment (decision 988).
 */
describe('emptying the WAL after an erasure', () => {
  it('waits for a reader on an older snapshot past the busy timeout, then empties it', async () => {
    // Patience is twice the busy timeout: 2 s, and the reader lets go after half a second.
    const { path, connection, walBytes, writeAndErase } = await openOn(1_000);
    const reader = new BetterSqlite3(path, { readonly: true });
    reader.exec('begin');
    reader.prepare('select count(*) from notes').get();
    await writeAndErase(200);
    expect(walBytes()).toBeGreaterThan(0);

    const emptied = connection.truncateLog!();
    await sleep(500);
    reader.exec('commit');
    reader.close();
    expect(await emptied).toBe(true);
    expect(walBytes()).toBe(0);
  });

  it('answers at once that it is owed when a reader holds on past its patience, and empties it when the reader lets go', async () => {
    // Issue 59 point 7 (decision 1005): the erasure is committed; the first answer says so, and no retry is needed.
    const { path, connection, walBytes, writeAndErase } = await openOn(50);
    const reader = new BetterSqlite3(path, { readonly: true });
    reader.exec('begin');
    reader.prepare('select count(*) from notes').get();
    await writeAndErase(200);
    const started = performance.now();
    expect(await connection.truncateLog!()).toBe(false);
    // Each try waits for no lock: the event loop was never held for a busy timeout.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(walBytes()).toBeGreaterThan(0);
    // Asked again while owed, it tries once and does not wait out its patience.
    expect(await connection.truncateLog!()).toBe(false);
    reader.exec('commit');
    reader.close();
    for (let waited = 0; walBytes() > 0 && waited < 5_000; waited += 50) await sleep(50);
    expect(walBytes()).toBe(0);
  });

  it('empties it while another connection keeps checkpointing (SQLite answers that one "busy" at once)', async () => {
    const { path, connection, walBytes, writeAndErase } = await openOn(5_000);
    // The background checkpointer's part, as often as it can: a PASSIVE checkpoint on its own connection, in a loop.
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
    const checkpointer = new Worker(
      `const Database = require(${JSON.stringify(betterSqlite3)});
       const { parentPort } = require('node:worker_threads');
       const db = new Database(${JSON.stringify(path)});
       let stop = false;
       parentPort.on('message', () => { stop = true; });
       const loop = () => { for (let i = 0; i < 200; i++) db.pragma('wal_checkpoint(PASSIVE)'); if (stop) { db.close(); parentPort.close(); } else setImmediate(loop); };
       parentPort.postMessage('started');
       loop();`,
      { eval: true },
    );
    await new Promise((resolve) => checkpointer.once('message', resolve));
    try {
      for (let round = 0; round < 30; round++) {
        await writeAndErase(50);
        await connection.truncateLog!();
        expect(walBytes(), `round ${round}`).toBe(0);
      }
    } finally {
      checkpointer.postMessage('stop');
      await new Promise((resolve) => checkpointer.once('exit', resolve));
    }
  });
});
