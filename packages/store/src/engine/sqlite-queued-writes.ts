import type BetterSqlite3 from 'better-sqlite3';

/** A caller waiting for the group's COMMIT. */
export interface CommitWaiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The group of the turn, as the queued writes run into it (the writer lock is held). */
export interface OpenGroup {
  /** Opens the group's transaction unless it is open; throws when the writer cannot begin one. */
  open(): void;
  /** Answers `waiter` when the group commits, or fails it with the group. */
  awaitCommit(waiter: CommitWaiter): void;
}

/** A write waiting for the writer: a statement alone, or an at-once transaction (in a savepoint of its own). */
interface QueuedWrite {
  run: () => unknown;
  savepoint: boolean;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** The savepoint of one transaction: a Kysely transaction's, or a queued one run on its own. */
export const TRANSACTION_SAVEPOINT = 'assay_transaction';
const BATCH_SAVEPOINT = 'assay_queued_writes';

/**
 * Writes waiting for the writer (README "Group commit", decisions 188, 190): statements alone and at-once
 * transactions, answered after the group's COMMIT. `onQueued` schedules the flush that runs them.
 */
export class QueuedWrites {
  #queued: QueuedWrite[] = [];

  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly onQueued: () => void,
  ) {}

  add<T>(run: () => T, savepoint: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queued.push({ run, savepoint, resolve, reject } as QueuedWrite);
      this.onQueued();
    });
  }

  /**
   * Runs the queued writes, in arrival order, into the open group (the writer lock is held). Together first, in one
   * savepoint for them all (decision 190). When one fails, the batch is undone and run again one by one, each
   * transaction in its own savepoint, so that only the one that fails is refused (its work runs again: steps do
   * nothing but their statements).
   */
  runInto(group: OpenGroup): void {
    if (this.#queued.length === 0) return;
    const queued = this.#queued;
    this.#queued = [];
    const results = queued.length > 1 ? this.#runTogether(queued, group) : undefined;
    if (!results) {
      for (const write of queued) this.#runAlone(write, group);
      return;
    }
    queued.forEach(({ resolve, reject }, index) => group.awaitCommit({ resolve: () => resolve(results[index]), reject }));
  }

  /** The writes' results, run in one savepoint; nothing, and nothing written, when one of them fails. */
  #runTogether(queued: QueuedWrite[], group: OpenGroup): unknown[] | undefined {
    try {
      group.open();
      this.writer.prepare(`savepoint ${BATCH_SAVEPOINT}`).run();
    } catch {
      return undefined;
    }
    try {
      const results = queued.map((write) => write.run());
      this.writer.prepare(`release ${BATCH_SAVEPOINT}`).run();
      return results;
    } catch {
      this.#undoSavepoint(BATCH_SAVEPOINT);
      return undefined;
    }
  }

  #runAlone({ run, savepoint, resolve, reject }: QueuedWrite, group: OpenGroup): void {
    let result: unknown;
    try {
      group.open();
      if (savepoint) this.writer.prepare(`savepoint ${TRANSACTION_SAVEPOINT}`).run();
    } catch (error) {
      reject(error);
      return;
    }
    try {
      result = run();
      if (savepoint) this.writer.prepare(`release ${TRANSACTION_SAVEPOINT}`).run();
    } catch (error) {
      // A statement alone that fails undoes only itself (SQLite's statement journal); a transaction, its savepoint.
      if (savepoint) this.#undoSavepoint(TRANSACTION_SAVEPOINT);
      reject(error);
      return;
    }
    group.awaitCommit({ resolve: () => resolve(result), reject });
  }

  /** Rolls the writer back to the savepoint; when SQLite already rolled the whole group back, the group's `open` tells its members. */
  #undoSavepoint(name: string): void {
    try {
      this.writer.prepare(`rollback to ${name}`).run();
      this.writer.prepare(`release ${name}`).run();
    } catch {
      // No savepoint left to undo: SQLite ended the transaction on its own (an I/O error, a full disk).
    }
  }
}
