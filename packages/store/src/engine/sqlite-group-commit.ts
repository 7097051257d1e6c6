import { setTimeout as delay } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { BusyWriter } from './sqlite-busy-writer.js';
import { type CommitWaiter, type OpenGroup, QueuedWrites, TRANSACTION_SAVEPOINT } from './sqlite-queued-writes.js';
import { execute, step } from './sqlite-statements.js';
import type { StepResult } from './transaction-steps.js';
import { WriterLock } from './writer-lock.js';

/** Told after each COMMIT of the writer, and when the database closes. */
export interface CommitListener {
  committed(): void;
  close(): Promise<void>;
}

/** A transaction's statements, run synchronously against the writer (`transaction-steps.ts`). */
export type AtOnceWork<T> = (execute: (query: CompiledQuery) => StepResult) => T;

/** Between two tries of a checkpoint that found another running (a background PASSIVE one takes milliseconds). */
const RETRY_MS = 5;
/** The longest pause between two tries while an erasure waits for the WAL to empty. */
const MAX_RETRY_MS = 100;
/** Between two tries of a truncation owed after an erasure's answer (decision 1005): a reader's snapshot ends when it ends. */
const OWED_RETRY_MS = 250;

/**
 * SQLite with group commit and a reader of its own (`GroupCommitSqliteDialect`; README "Group commit", decision 123).
 *
 * Every transaction of one turn of the event loop runs inside one outer SQLite transaction (its own rollback stays its
 * own), and the outer transaction commits once, at the end of the turn: a commit costs more than a typical
 * transaction's statements. No caller goes on before its work is committed: `commit` returns only after the shared
 * COMMIT — an answer is never sent for work a crash could still lose.
 *
 * Reads outside a transaction go to a second connection, which sees only committed data (WAL) and never
 * waits for the writer. Writes outside a transaction join the group's queue (decision 188).
 */
export class GroupCommitDriver implements Driver {
  readonly #lock = new WriterLock();
  /** An outer transaction is open on the writer; `#waiters` wait for its COMMIT. */
  #groupOpen = false;
  #waiters: CommitWaiter[] = [];
  /** Writes waiting for the writer: statements alone and at-once transactions, run together before the COMMIT. */
  readonly #queue: QueuedWrites;
  /** The open group as the queued writes see it. */
  readonly #group: OpenGroup = { open: () => this.#openGroup(), awaitCommit: (waiter) => this.#waiters.push(waiter) };
  #flushScheduled = false;
  readonly #busy: BusyWriter;
  /** The next try of a WAL truncation owed since an erasure (decision 1005); undefined when none is owed. */
  #owedTruncation: NodeJS.Timeout | undefined;
  #destroyed = false;

  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly reader: BetterSqlite3.Database,
    busyTimeoutMs: number,
    private readonly listener?: CommitListener,
  ) {
    this.#busy = new BusyWriter(writer, busyTimeoutMs);
    this.#queue = new QueuedWrites(writer, () => this.#scheduleFlush());
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const group = connection as GroupConnection;
    await this.#lock.lock();
    group.holdsWriter = true;
    try {
      this.#queue.runInto(this.#group);
      this.#openGroup();
      this.writer.prepare(`savepoint ${TRANSACTION_SAVEPOINT}`).run();
    } catch (error) {
      this.#releaseWriter(group);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const group = connection as GroupConnection;
    this.writer.prepare(`release ${TRANSACTION_SAVEPOINT}`).run();
    const committed = this.#nextCommit();
    this.#releaseWriter(group);
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const group = connection as GroupConnection;
    try {
      this.writer.prepare(`rollback to ${TRANSACTION_SAVEPOINT}`).run();
      this.writer.prepare(`release ${TRANSACTION_SAVEPOINT}`).run();
    } finally {
      this.#releaseWriter(group);
      this.#scheduleFlush();
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releaseWriter(connection as GroupConnection);
  }

  async destroy(): Promise<void> {
    this.#destroyed = true;
    clearTimeout(this.#owedTruncation);
    this.#owedTruncation = undefined;
    await this.#flush();
    await this.listener?.close();
    this.reader.close();
    this.writer.close();
  }

  /**
   * A statement outside any transaction: a read on the reader; a write is queued for the group like a transaction of
   * one statement (a failed statement undoes only itself) and answers after the group's COMMIT.
   */
  async executeAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Classified on the writer: the reader's schema can lag a DDL statement the writer just ran, and preparing
    // there can refuse what the writer accepts (`create index` of a name just dropped).
    if (this.reader !== this.writer && this.writer.prepare(query.sql).readonly) return execute<R>(this.reader, query);
    return this.#queue.add(() => execute<R>(this.writer, query), false);
  }

  /**
   * A transaction whose statements need no awaiting between them, run as one piece: queued, and run synchronously
   * with the turn's other queued writes when the group commits (or sooner, before any other use of the writer:
   * arrival order is kept), all in one savepoint; when one of them fails, each runs again in a savepoint of its own
   * (`QueuedWrites.runInto`). The answer comes after the group's COMMIT, as for any transaction. No promise chain per statement,
   * and a turn's transactions run back to back (README "Group commit", decision 187).
   */
  transactAtOnce<T>(work: AtOnceWork<T>): Promise<T> {
    return this.#queue.add(() => work((query) => step(this.writer, query)), true);
  }

  executeInTransaction<R>(query: CompiledQuery): QueryResult<R> {
    return execute<R>(this.writer, query);
  }

  /** Rows one by one from the reader; a statement another stream is still iterating is not shared. */
  *streamAlone<R>(query: CompiledQuery): Generator<QueryResult<R>> {
    const statement = this.reader.prepare(query.sql);
    const rows = statement.busy ? statement.all(query.parameters) : statement.iterate(query.parameters);
    for (const row of rows) yield { rows: [row as R] };
  }

  #releaseWriter(group: GroupConnection): void {
    if (!group.holdsWriter) return;
    group.holdsWriter = false;
    this.#lock.unlock();
  }

  /**
   * Opens the group's transaction unless it is open (the writer lock is held). SQLite may have rolled an open
   * group back on its own (an I/O error, a full disk): its members are told at once, before new work starts.
   */
  #openGroup(): void {
    if (this.#groupOpen && !this.writer.inTransaction) this.#failGroup(new Error('SQLite rolled the transaction back'));
    if (this.#groupOpen) return;
    this.#busy.begin();
    this.#groupOpen = true;
  }

  /** Resolves when the group holding this caller's work commits; schedules that commit. */
  #nextCommit(): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.#scheduleFlush();
    return committed;
  }

  #failGroup(error: unknown): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#groupOpen = false;
    for (const waiter of waiters) waiter.reject(error);
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      void this.#flush();
    });
  }

  /** Whether the writer could take the lock now (`/readyz`, `BusyWriter.probe`), once what is queued committed. */
  probeWrites(): Promise<void> {
    return this.#flush(() => this.#busy.probe());
  }

  /**
   * Copies the whole WAL into the database file and empties it, once what is queued committed: after an erasure no
   * earlier version of an erased row stays in the WAL (decision 844). Each try waits for nothing (a reader on an older
   * snapshot, or a checkpoint the background thread is running, answers "busy" at once; decision 988), so the event
   * loop is never held; tries go on for up to `patienceMs`. True when the WAL is empty. False when a reader still holds
   * it then: the erasure is committed, and the truncation is owed — tried again in the background every 250 ms until
   * the WAL empties, with no request needed (decision 1005). While one is owed, a call tries once and does not wait.
   */
  async truncateWal(patienceMs = 10_000): Promise<boolean> {
    const owedAlready = this.#owedTruncation !== undefined;
    const giveUpAt = Date.now() + (owedAlready ? 0 : patienceMs);
    for (let pause = RETRY_MS; ; pause = Math.min(pause * 2, MAX_RETRY_MS)) {
      if (await this.#tryTruncation()) return true;
      if (Date.now() >= giveUpAt) {
        this.#oweTruncation();
        return false;
      }
      await delay(pause);
    }
  }

  /** One try, waiting for no lock; true when the WAL is empty after it (an owed truncation is then paid). */
  async #tryTruncation(): Promise<boolean> {
    let emptied = false;
    await this.#flush(() => {
      try {
        const [result] = this.#busy.withoutWaiting(() => this.writer.pragma('wal_checkpoint(TRUNCATE)')) as { busy: number }[];
        emptied = result === undefined || result.busy === 0;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      }
    });
    if (emptied) {
      clearTimeout(this.#owedTruncation);
      this.#owedTruncation = undefined;
    }
    return emptied;
  }

  #oweTruncation(): void {
    if (this.#owedTruncation !== undefined || this.#destroyed) return;
    const again = (): void => {
      this.#owedTruncation = setTimeout(() => {
        if (this.#destroyed) return;
        this.#tryTruncation().then(
          (emptied) => {
            if (!emptied && !this.#destroyed) again();
          },
          () => {
            if (!this.#destroyed) again();
          },
        );
      }, OWED_RETRY_MS);
      this.#owedTruncation.unref();
    };
    again();
  }

  async #flush(then?: () => void): Promise<void> {
    await this.#lock.lock();
    try {
      this.#queue.runInto(this.#group);
      this.#commitGroup();
      then?.();
    } finally {
      this.#lock.unlock();
    }
  }

  /** COMMITs the open group (the writer lock is held) and answers everyone waiting on it. */
  #commitGroup(): void {
    if (!this.#groupOpen) return;
    try {
      this.writer.prepare('commit').run();
    } catch (error) {
      if (this.writer.inTransaction) this.writer.prepare('rollback').run();
      this.#failGroup(error);
      return;
    }
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#groupOpen = false;
    this.listener?.committed();
    for (const waiter of waiters) waiter.resolve();
  }
}

/** What Kysely holds for one query or one transaction; the writer is taken only by a transaction. */
class GroupConnection implements DatabaseConnection {
  holdsWriter = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.holdsWriter ? this.driver.executeInTransaction<R>(query) : this.driver.executeAlone<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (this.holdsWriter) {
      yield this.driver.executeInTransaction<R>(query);
      return;
    }
    yield* this.driver.streamAlone<R>(query);
  }
}
