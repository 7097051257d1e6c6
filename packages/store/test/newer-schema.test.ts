import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { knownMigrations, migrateToLatest, NewerSchemaError, openScratchStore, openStore } from '../src/index.js';

const FUTURE = '999-from-a-newer-assay';

/**
 * Issue 51, item 5: a database a newer build migrated (its migrations table names a migration this build lacks) is
 * refused with what to do, never as "corrupted migrations"; a running process can ask whether that happened; each
 * migration step is logged.
 */
describe.each(['sqlite', 'postgres'] as const)('a database migrated by a newer Assay, on %s', (backend) => {
  it('logs each migration step, marked as creating a new database, then one summary line', async () => {
    const lines: string[] = [];
    const creating: unknown[] = [];
    const { store, dispose } = await openScratchStore(backend, inject('pgUrl'), {
      migrationLog: (message, fields) => {
        lines.push(message);
        if (message.startsWith('migrating: ')) creating.push(fields.creating);
      },
    });
    try {
      const names = knownMigrations(store.dialect);
      expect(lines.filter((line) => line.startsWith('migrating: '))).toHaveLength(names.length);
      expect(lines[0]).toMatch(/^migrating: 001-initial done in \d+ ms$/);
      expect(new Set(creating)).toEqual(new Set([true]));
      expect(lines.at(-1)).toBe(`database created: ${names.length} migrations, now at ${names.at(-1)}`);
    } finally {
      await dispose();
    }
  });

  it('is refused at start with the migration named, and seen by a process already running', async () => {
    const { store, dispose } = await openScratchStore(backend, inject('pgUrl'));
    try {
      expect(await store.newerSchema()).toBeUndefined();
      const table = store.schema ? sql.table(`${store.schema}.kysely_migration`) : sql.table('kysely_migration');
      await sql`insert into ${table} (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(store.db);
      expect(await store.newerSchema()).toBe(FUTURE);
      // What a start of this build on that database meets: the same migration step, run again.
      const refusal = await migrateToLatest(store).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(NewerSchemaError);
      expect(String(refusal)).toContain(
        `the database was migrated by a newer Assay (migration ${FUTURE}); run that version or newer — downgrades are not supported`,
      );
      expect(String(refusal)).not.toMatch(/corrupted/);
    } finally {
      await dispose();
    }
  });
});

describe('opening a SQLite file a newer Assay migrated', () => {
  it('refuses, naming the migration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-newer-'));
    const url = `sqlite:${join(dir, 'assay.db')}`;
    try {
      const store = await openStore(url);
      await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(store.db);
      await store.close();
      await expect(openStore(url)).rejects.toThrow(`migrated by a newer Assay (migration ${FUTURE})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
