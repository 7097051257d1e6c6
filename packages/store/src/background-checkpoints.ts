import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the group-commit driver tells the checkpointer, and how it is stopped. */
export interface Checkpointer {
  /** After each COMMIT of the writer. */
  committed(): void;
  /** Lets an idle thread go (~15 MB); the next checkpoint starts another. */
  release(): void;
  close(): Promise<void>;
}

/** SQLite's own automatic checkpoint threshold: 1,000 pages of 4 KiB. */
const WAL_BYTES_BEFORE_CHECKPOINT = 4 * 2 ** 20;
/** The WAL's size is looked at every this many commits (a stat is cheap, but not free). */
const COMMITS_BETWEEN_LOOKS = 32;

// The thread's whole program: a connection of its own that copies the WAL into the database when asked.
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
parentPort.on('message', () => {
  db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage('done');
});
`;

/**
 * Checkpoints off the request thread. SQLite checkpoints inside the COMMIT that crosses 1,000 WAL pages: it copies
 * them into the database file and fsyncs it, on the thread that committed. Under sustained writes that was a fifth
 * of the server's CPU and stalls of 8–13 ms of the event loop (test-link creation: 165 of 2,776 commits). The
 * writer's automatic checkpoint is turned off; after its commits the WAL's size is watched, and past the same
 * threshold a thread with a connection of its own runs a PASSIVE checkpoint (it never blocks the writer or the
 * readers). The thread starts at the first checkpoint, so a database that is written little never gets one; if
 * it fails, the writer checkpoints for itself again.
 */
export const checkpointInBackground = (path: string, writer: { pragma(source: string): unknown }): Checkpointer => {
  writer.pragma('wal_autocheckpoint = 0');
  const walPath = `${path}-wal`;
  let thread: Worker | undefined;
  let failed = false;
  let running = false;
  let commits = 0;

  const fallBack = (): void => {
    failed = true;
    thread = undefined;
    writer.pragma('wal_autocheckpoint = 1000');
  };

  const start = (): Worker => {
    const worker = new Worker(CHECKPOINT_THREAD, {
      eval: true,
      workerData: { path, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    worker.unref();
    worker.on('message', () => {
      running = false;
    });
    // A released thread is no longer ours: whatever it does does not concern the writer.
    worker.on('error', () => {
      if (thread === worker) fallBack();
    });
    return worker;
  };

  return {
    committed() {
      commits += 1;
      if (failed || running || commits % COMMITS_BETWEEN_LOOKS !== 0) return;
      let size: number;
      try {
        size = statSync(walPath).size;
      } catch {
        return;
      }
      if (size < WAL_BYTES_BEFORE_CHECKPOINT) return;
      thread ??= start();
      running = true;
      thread.postMessage('checkpoint');
    },
    release() {
      if (running || !thread) return;
      const idle = thread;
      thread = undefined;
      void idle.terminate();
    },
    async close() {
      const stopping = thread;
      thread = undefined;
      await stopping?.terminate();
    },
  };
};
