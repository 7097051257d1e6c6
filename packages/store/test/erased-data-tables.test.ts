import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERASED_DATA_TABLES } from '../src/index.js';

/**
 * Decision 1002: on PostgreSQL an erased value lives on in its table's old row versions until `assay-server
 * vacuum-erased` rewrites that table, and the command rewrites exactly ERASED_DATA_TABLES. So every table the erasure's
 * writes update or delete from must be on that list: `ai_use_findings` was not (its findings hold behaviour figures).
 */
const ERASURE_WRITES = new URL('../src/repositories/erasure-writes.ts', import.meta.url);

describe('the tables vacuum-erased rewrites', () => {
  it('include every table the erasure writes update or delete from', () => {
    const source = readFileSync(ERASURE_WRITES, 'utf8');
    const written = new Set([...source.matchAll(/\.(?:updateTable|deleteFrom)\(\s*'([a-z_]+)'/g)].map((match) => match[1]!));
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((table) => !(ERASED_DATA_TABLES as readonly string[]).includes(table))).toEqual([]);
  });
});
