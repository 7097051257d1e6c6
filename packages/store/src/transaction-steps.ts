import type { CompiledQuery, Kysely } from 'kysely';

/**
 * A transaction written once as a generator of its statements: each `yield` hands over a compiled query and takes
 * back its rows. On SQLite the steps run synchronously inside the group commit (no promise between statements); on
 * PostgreSQL, and wherever that is not offered, in a Kysely transaction, a statement awaited after another.
 */
export type TransactionSteps<T> = Generator<CompiledQuery, T, unknown[]>;

/** Runs `work` synchronously as one transaction, answering after its COMMIT (`GroupCommitDriver.transactAtOnce`). */
export type TransactAtOnce = <T>(work: (execute: (query: CompiledQuery) => unknown[]) => T) => Promise<T>;

const atOnce = new WeakMap<object, TransactAtOnce>();

export const transactAtOnceOn = (db: object, transact: TransactAtOnce): void => {
  atOnce.set(db, transact);
};

/** Runs the steps as one transaction. They build their queries on `db` (compiled for its dialect, never run there). */
export const transact = <DB, T>(db: Kysely<DB>, steps: () => TransactionSteps<T>): Promise<T> => {
  const runAtOnce = atOnce.get(db);
  if (runAtOnce) return runAtOnce((execute) => runSteps(steps(), execute));
  return db.transaction().execute(async (trx) => {
    const running = steps();
    let step = running.next();
    while (!step.done) step = running.next((await trx.executeQuery(step.value)).rows);
    return step.value;
  });
};

const runSteps = <T>(running: TransactionSteps<T>, execute: (query: CompiledQuery) => unknown[]): T => {
  let step = running.next();
  while (!step.done) step = running.next(execute(step.value));
  return step.value;
};

/** One statement of a transaction: yields it and answers its rows, typed as the caller expects. */
export function* statement<Row>(query: CompiledQuery<Row>): Generator<CompiledQuery, Row[], unknown[]> {
  return (yield query) as Row[];
}
