import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground } from '../src/engine/background-checkpoints.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const writerOn = () => {
  const directory = mkdtempSync(join(tmpdir(), 'assay-checkpoints-'));
  directories.push(directory);
  const path = join(directory, 'db.sqlite');
  const writer = new BetterSqlite3(path);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.exec('create table rows (id integer primary key, body text)');
  return { path, writer };
};

/** `count` transactions of one 4 KB row each, telling the checkpointer after each commit as the driver does. */
const commitRows = (writer: BetterSqlite3.Database, count: number, committed: () => void) => {
  const insert = writer.prepare('insert into rows (body) values (?)');
  for (let index = 0; index < count; index++) {
    insert.run('x'.repeat(4000));
    committed();
  }
};

describe('checkpoints in the background', () => {
  it('turns the writer’s own checkpoints off and copies the WAL into the database from another thread', async () => {
    const { path, writer } = writerOn();
    const checkpointer = checkpointInBackground(path, writer);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(path).size;

    commitRows(writer, 2_000, () => checkpointer.committed());
    // The writer never checkpointed, so the database file can only have grown by the thread's checkpoints.
    for (let waited = 0; waited < 5_000 && statSync(path).size <= before + 2 ** 20; waited += 50) await sleep(50);
    expect(statSync(path).size).toBeGreaterThan(before + 2 ** 20);

    await checkpointer.close();
    expect(writer.prepare('select count(*) as n from rows').get()).toEqual({ n: 2_000 });
    writer.close();
  });

  it('lets its idle thread go when asked, and checkpoints again on a new one', async () => {
    const { path, writer } = writerOn();
    const checkpointer = checkpointInBackground(path, writer);
    const grownPast = async (size: number) => {
      for (let waited = 0; waited < 5_000 && statSync(path).size <= size; waited += 50) await sleep(50);
      return statSync(path).size;
    };
    commitRows(writer, 2_000, () => checkpointer.committed());
    const afterFirst = await grownPast(statSync(path).size + 2 ** 20);
    await sleep(100); // the thread has answered: it is idle
    checkpointer.release();
    commitRows(writer, 2_000, () => checkpointer.committed());
    expect(await grownPast(afterFirst + 2 ** 20)).toBeGreaterThan(afterFirst + 2 ** 20);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await checkpointer.close();
    writer.close();
  });

  it('brings the WAL back to its start under sustained writes, so that it stays small', async () => {
    const { path, writer } = writerOn();
    const checkpointer = checkpointInBackground(path, writer);
    const insert = writer.prepare('insert into rows (body) values (?)');
    const group = writer.transaction(() => {
      for (let row = 0; row < 20; row++) insert.run('x'.repeat(1000));
    });
    // As a server under load: a commit in every turn of the event loop, and the turn's other work (half a
    // millisecond) in between, never idle; ~40 MB of WAL pages in all. Without the restart the WAL holds all of it.
    for (let turn = 0; turn < 2_000; turn++) {
      group();
      checkpointer.committed();
      const busyUntil = performance.now() + 0.5;
      while (performance.now() < busyUntil);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(statSync(`${path}-wal`).size).toBeLessThan(20 * 2 ** 20);
    await checkpointer.close();
    expect(writer.prepare('select count(*) as n from rows').get()).toEqual({ n: 40_000 });
    writer.close();
  });

  it('starts no thread while the WAL stays small', async () => {
    const { path, writer } = writerOn();
    const checkpointer = checkpointInBackground(path, writer);
    const before = statSync(path).size;
    commitRows(writer, 100, () => checkpointer.committed());
    await sleep(200);
    expect(statSync(path).size).toBe(before);
    await checkpointer.close();
    writer.close();
  });
});
