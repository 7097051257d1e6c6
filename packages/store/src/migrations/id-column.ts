import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../engine/connect.js';

/** SQLite's rowid alias must be exactly INTEGER; PostgreSQL gets a bigint identity. */
export const idColumn = (dialect: Dialect) => ({
  type: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
  build: (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
});
