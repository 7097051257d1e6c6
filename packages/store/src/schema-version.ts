import { sql } from 'kysely';
import type { Connection } from './engine/connect.js';

/**
 * A database whose migrations table names a migration this build does not know: a newer Assay migrated it. Downgrades
 * are not supported (migrations only go forward), so this build must not run on it (decision 857).
 */
export class NewerSchemaError extends Error {
  constructor(readonly migration: string) {
    super(`the database was migrated by a newer Assay (migration ${migration}); run that version or newer — downgrades are not supported`);
    this.name = 'NewerSchemaError';
  }
}

/** Kysely's migrations table is missing on a database nothing has migrated yet. */
const isMissingTable = (error: unknown): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'));
};

/** The migrations the database records as executed (none on a fresh database). */
const executedMigrations = async ({ db, schema }: Connection): Promise<string[]> => {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
};

/** The newest migration the database has that `known` lacks, or undefined when this build knows them all. */
export const newerMigration = async (connection: Connection, known: readonly string[]): Promise<string | undefined> => {
  const knownNames = new Set(known);
  return (await executedMigrations(connection))
    .filter((name) => !knownNames.has(name))
    .sort()
    .at(-1);
};

/** Throws `NewerSchemaError` when the database was migrated past what `known` holds. */
export const refuseNewerSchema = async (connection: Connection, known: readonly string[]): Promise<void> => {
  const newer = await newerMigration(connection, known);
  if (newer) throw new NewerSchemaError(newer);
};

/**
 * Failures a statement meets when the schema changed under a running process: PostgreSQL's "cached plan must not
 * change result type" (0A000, a named statement over `select *` after a column was added), an undefined table or
 * column (42P01, 42703), a changed type (42804); SQLite's "no such table/column". Not proof of a newer build (a bug
 * can do the same), so the caller asks the migrations table before stopping.
 */
export const mayBeSchemaChange = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (code === '0A000' || code === '42P01' || code === '42703' || code === '42804') return true;
  if (typeof message === 'string' && /^no such (table|column)|has no column named/.test(message)) return true;
  return cause !== undefined && mayBeSchemaChange(cause, depth + 1);
};
