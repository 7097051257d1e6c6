import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connect } from './engine/connect.js';
import { openStore, type OpenStoreOptions, type Store } from './store.js';

export type ScratchBackend = 'sqlite' | 'postgres';

/**
 * An empty, migrated store that vanishes on dispose: a SQLite file in a temp dir, or a PostgreSQL schema
 * of its own inside `pgUrl`'s database. Meant for test suites of Assay and of integrations.
 */
export const openScratchStore = async (
  backend: ScratchBackend,
  pgUrl?: string,
  options: Omit<OpenStoreOptions, 'pgSchema'> = {},
): Promise<{ store: Store; dispose: () => Promise<void> }> => {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'assay-store-'));
    const store = await openStore(`sqlite:${join(dir, 'assay.db')}`, options);
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!pgUrl) throw new Error('a PostgreSQL scratch store needs a postgres:// URL');
  const schema = `scratch_${randomUUID().replaceAll('-', '')}`;
  const store = await openStore(pgUrl, { pgPoolSize: 5, ...options, pgSchema: schema });
  return {
    store,
    dispose: async () => {
      // Dropped, not left behind: Kysely's migrator looks for its table with a catalogue query over every schema
      // of the database, which took ~0.4 s (twice per store) once a test run had left a few hundred behind.
      // On a connection of its own: the test may have closed the store already.
      await store.close();
      const { db } = connect(pgUrl, { pgPoolSize: 1 });
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      } finally {
        await db.destroy();
      }
    },
  };
};
