import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the group-commit driver tells the checkpointer, and how it is stopped. */
export interface Checkpointer {
  /** After each COMMIT of the writer, while it holds no transaction. */
  committed(): void;
  /** Lets an idle thread go (~15 MB); the next checkpoint starts another. */
  release(): void;
  close(): Promise<void>;
}

/** Commits between two checkpoints, whatever their size (README "Checkpoints off the request thread"). */
const COMMITS_BEFORE_CHECKPOINT = 256;
/** Or sooner: the WAL file has grown this much past its size at the end of the last checkpoint (a large transaction). */
const WAL_GROWTH_BEFORE_CHECKPOINT = 4 * 2 ** 20;
/** The WAL's size is looked at every this many commits (a stat is cheap, but not free). */
const COMMITS_BETWEEN_LOOKS = 32;

// The thread's whole program: a connection of its own that copies the WAL into the database when asked. The writer
// goes on committing meanwhile, so it runs passes until one finds little new to copy (the rest the writer copies
// itself), at most a few. `checkpointed` counts the pages of the current WAL copied so far: smaller than before when
// the WAL restarted between two passes.
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
parentPort.on('message', () => {
  let copied = 0;
  for (let pass = 0; pass < 4; pass++) {
    const { checkpointed } = db.pragma('wal_checkpoint(PASSIVE)')[0];
    const more = checkpointed - copied;
    copied = checkpointed;
    if (more < 256) break;
  }
  parentPort.postMessage('done');
});
`;

/**
 * Checkpoints off the request thread (decision 168), and a WAL that restarts under sustained writes (decision 189);
 * why and the figures: README "Checkpoints off the request thread".
 *
 * The writer's automatic checkpoint is off; a thread with a connection of its own runs PASSIVE checkpoints (they never
 * block the writer or the readers). It starts at the first checkpoint; if it fails, the writer checkpoints for itself
 * again. When the thread is done, the writer copies what it committed meanwhile itself, right after its next COMMIT,
 * so that its next transaction restarts the WAL.
 */
export const checkpointInBackground = (path: string, writer: { pragma(source: string): unknown }): Checkpointer => {
  writer.pragma('wal_autocheckpoint = 0');
  const walPath = `${path}-wal`;
  let thread: Worker | undefined;
  let failed = false;
  let running = false;
  /** The thread is done: the writer copies the rest after its next COMMIT. */
  let restPending = false;
  let commitsSince = 0;
  let walSizeAfter = 0;

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
      restPending = true;
    });
    // A released thread is no longer ours: whatever it does does not concern the writer.
    worker.on('error', () => {
      if (thread === worker) fallBack();
    });
    return worker;
  };

  const walSize = (): number => {
    try {
      return statSync(walPath).size;
    } catch {
      return 0;
    }
  };

  /** Copies what the writer committed during the thread's checkpoint; a reader still on an older snapshot may hold some back. */
  const copyTheRest = (): void => {
    restPending = false;
    commitsSince = 0;
    try {
      writer.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Left for the next checkpoint; the WAL restarts only once everything is copied.
    }
    walSizeAfter = walSize();
  };

  const due = (): boolean =>
    commitsSince >= COMMITS_BEFORE_CHECKPOINT || (commitsSince % COMMITS_BETWEEN_LOOKS === 0 && walSize() >= walSizeAfter + WAL_GROWTH_BEFORE_CHECKPOINT);

  return {
    committed() {
      if (restPending) return copyTheRest();
      commitsSince += 1;
      if (failed || running || !due()) return;
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
