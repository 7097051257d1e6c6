import { describe, expect, it } from 'vitest';
import { completionSchema, readSchema, readSeed } from './sql-schema.js';

const SCHEMA =
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount NUMERIC(10, 2) NOT NULL);';

describe('the SQL schema and seed as the page reads them (sql-schema.ts)', () => {
  it('each table with its columns, their types and constraints as written', () => {
    const { items, partial } = readSchema(SCHEMA);
    expect(partial).toBe(false);
    expect(items).toEqual([
      {
        name: 'customers',
        columns: [
          { name: 'id', type: 'INTEGER PRIMARY KEY' },
          { name: 'name', type: 'TEXT NOT NULL' },
        ],
        constraints: [],
      },
      {
        name: 'orders',
        columns: [
          { name: 'id', type: 'INTEGER PRIMARY KEY' },
          { name: 'customer_id', type: 'INTEGER NOT NULL REFERENCES customers(id)' },
          { name: 'amount', type: 'NUMERIC(10, 2) NOT NULL' },
        ],
        constraints: [],
      },
    ]);
  });

  it('quoted names, IF NOT EXISTS, table constraints and comments', () => {
    const { items } = readSchema(
      '-- the people\nCREATE TABLE IF NOT EXISTS "Team Members" (\n  "first name" TEXT, /* unique */ team_id INT,\n  PRIMARY KEY ("first name", team_id)\n);',
    );
    expect(items).toEqual([
      {
        name: 'Team Members',
        columns: [
          { name: 'first name', type: 'TEXT' },
          { name: 'team_id', type: 'INT' },
        ],
        constraints: ['PRIMARY KEY ("first name", team_id)'],
      },
    ]);
  });

  it('a statement it does not read (an index, a view) makes the reading partial, never wrong', () => {
    const { items, partial } = readSchema('CREATE TABLE t (a INT); CREATE INDEX t_a ON t (a);');
    expect(items.map((table) => table.name)).toEqual(['t']);
    expect(partial).toBe(true);
  });

  it('a seed: rows by table, strings unquoted, NULL and negative numbers as written, INSERTs into one table merged', () => {
    const tables = readSchema(SCHEMA).items;
    const { items, partial } = readSeed(
      "INSERT INTO customers (id, name) VALUES (1, 'ann'), (2, 'O''Brien; Bob');\nINSERT INTO orders VALUES (1, 1, -5.5);\nINSERT INTO orders VALUES (2, NULL, 3);",
      tables,
    );
    expect(partial).toBe(false);
    expect(items).toEqual([
      {
        table: 'customers',
        columns: ['id', 'name'],
        rows: [
          ['1', 'ann'],
          ['2', "O'Brien; Bob"],
        ],
      },
      {
        table: 'orders',
        columns: ['id', 'customer_id', 'amount'],
        rows: [
          ['1', '1', '-5.5'],
          ['2', 'NULL', '3'],
        ],
      },
    ]);
  });

  it('a seed that is not INSERT … VALUES is partial; an empty one is nothing', () => {
    expect(readSeed('UPDATE t SET a = 1;', []).partial).toBe(true);
    expect(readSeed('', [])).toEqual({ items: [], partial: false });
  });

  it('the completion schema: each table with its column names', () => {
    expect(completionSchema(readSchema(SCHEMA).items)).toEqual({ customers: ['id', 'name'], orders: ['id', 'customer_id', 'amount'] });
  });
});
