import { sql } from 'kysely';
import type { Connection } from './engine/connect.js';
import { ERASED_DATA_TABLES } from './repositories/erasure-writes.js';

/** One table rewritten, and how long it was locked. */
export interface VacuumedTable {
  readonly table: string;
  readonly ms: number;
}

/**
 * PostgreSQL keeps an erased row's old version in its table's files after the erasure commits, and a plain `VACUUM`
 * (autovacuum's) only marks that space free: the bytes stay until it is reused (decision 1002). `VACUUM FULL` writes
 * each table anew, its TOAST and indexes with it, and the old files are emptied — on exactly the tables an erasure
 * writes to. Each holds an ACCESS EXCLUSIVE lock on its table while it is rewritten (reads and writes of that table
 * wait; seconds for a table of a few hundred MB), one table after another. The WAL, its archive and replicas still
 * hold what they held: those are the operator's to expire. Nothing to do on SQLite, whose erasure overwrites in place.
 */
export const vacuumErasedTables = async (
  connection: Pick<Connection, 'db' | 'dialect' | 'schema'>,
  onTable: (done: VacuumedTable) => void = () => {},
): Promise<VacuumedTable[]> => {
  if (connection.dialect !== 'postgres') return [];
  const done: VacuumedTable[] = [];
  for (const table of ERASED_DATA_TABLES) {
    const startedAt = performance.now();
    const name = connection.schema === undefined ? sql.table(table) : sql.table(`${connection.schema}.${table}`);
    await sql`vacuum (full, analyze) ${name}`.execute(connection.db);
    const vacuumed = { table, ms: Math.round(performance.now() - startedAt) };
    done.push(vacuumed);
    onTable(vacuumed);
  }
  return done;
};
