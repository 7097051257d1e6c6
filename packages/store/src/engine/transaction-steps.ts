import { type CompiledQuery, type Kysely, type QueryResult, SqliteAdapter, type Transaction } from 'kysely';

/** What a step's statement answers: its rows, and for a write how many rows it changed and (SQLite) the last id it inserted. */
export interface StepResult {
  rows: unknown[];
  changes: number;
  lastInsertId: number | undefined;
}

/**
 * A transaction written once as a generator of its statements: each `yield` hands over a compiled query and takes
 * back what it did. On SQLite the steps run synchronously inside the group commit (no promise between statements); on
 * PostgreSQL, and wherever that is not offered, in a Kysely transaction, a statement awaited after another. A
 * transaction's steps may run more than once before one run commits (`GroupCommitDriver.transactAtOnce`): they do
 * nothing but their statements.
 */
export type TransactionSteps<T> = Generator<CompiledQuery, T, StepResult>;

/** Runs `work` synchronously as one transaction, answering after its COMMIT (`GroupCommitDriver.transactAtOnce`). */
export type TransactAtOnce = <T>(work: (execute: (query: CompiledQuery) => StepResult) => T) => Promise<T>;

const atOnce = new WeakMap<object, TransactAtOnce>();

export const transactAtOnceOn = (db: object, transact: TransactAtOnce): void => {
  atOnce.set(db, transact);
};

/**
 * Runs `work` in a transaction of `db`; when `db` is a transaction already (`Store.transaction`: a request's effect
 * committed together with its kept answer), as part of that one.
 */
export const inTransaction = <DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);

/** Runs the steps as one transaction. They build their queries on `db` (compiled for its dialect, never run there). */
export const transact = <DB, T>(db: Kysely<DB>, steps: () => TransactionSteps<T>): Promise<T> => {
  const runAtOnce = atOnce.get(db);
  if (runAtOnce) return runAtOnce((execute) => runSteps(steps(), execute));
  return inTransaction(db, async (trx) => {
    const running = steps();
    let step = running.next();
    while (!step.done) step = running.next(stepResultOf(await trx.executeQuery(step.value)));
    return step.value;
  });
};

/**
 * One write on its own: on SQLite run at once in the group commit, like a transaction of one statement (it answers
 * after the COMMIT); elsewhere, and inside a transaction, as Kysely runs it (on PostgreSQL one round trip, autocommit).
 * Kysely's own way on SQLite cost more than the insert (README "Transactions written once as steps", decision 321).
 */
export const writeAlone = <DB>(db: Kysely<DB>, query: CompiledQuery): Promise<StepResult> => {
  const runAtOnce = atOnce.get(db);
  if (runAtOnce) return runAtOnce((execute) => execute(query));
  return db.executeQuery(query).then(stepResultOf);
};

const stepResultOf = ({ rows, numAffectedRows, insertId }: QueryResult<unknown>): StepResult => ({
  rows,
  changes: Number(numAffectedRows ?? 0),
  lastInsertId: insertId === undefined ? undefined : Number(insertId),
});

const runSteps = <T>(running: TransactionSteps<T>, execute: (query: CompiledQuery) => StepResult): T => {
  let step = running.next();
  while (!step.done) step = running.next(execute(step.value));
  return step.value;
};

/** One statement of a transaction: yields it and answers its rows, typed as the caller expects. */
export function* statement<Row>(query: CompiledQuery<Row>): Generator<CompiledQuery, Row[], StepResult> {
  return (yield query).rows as Row[];
}

/**
 * One row inserted (or none, ON CONFLICT DO NOTHING): answers its id. The insert returns its id with RETURNING, except on
 * SQLite, which tells it without (`compilesForSqlite`).
 */
export function* insertion(query: CompiledQuery): Generator<CompiledQuery, number | undefined, StepResult> {
  const { rows, changes, lastInsertId } = yield query;
  if (rows.length > 0) return (rows[0] as { id: number }).id;
  return changes > 0 ? lastInsertId : undefined;
}

/**
 * Whether `db` compiles for SQLite. There an insert need not return its id for `insertion` to know it, and RETURNING
 * costs a temporary table (decision 190).
 */
export const compilesForSqlite = <DB>(db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;
