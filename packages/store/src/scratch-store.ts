import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from './store.js';

export type ScratchBackend = 'sqlite' | 'postgres';

/**
 * An empty, migrated store that vanishes on dispose: a SQLite file in a temp dir, or a PostgreSQL schema
 * of its own inside `pgUrl`'s database. Meant for test suites of Assay and of integrations.
 */
export const openScratchStore = async (backend: ScratchBackend, pgUrl?: string): Promise<{ store: Store; dispose: () => Promise<void> }> => {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'assay-store-'));
    const store = await openStore(`sqlite:${join(dir, 'assay.db')}`);
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!pgUrl) throw new Error('a PostgreSQL scratch store needs a postgres:// URL');
  const store = await openStore(pgUrl, { pgSchema: `scratch_${randomUUID().replaceAll('-', '')}`, pgPoolSize: 5 });
  return {
    store,
    dispose: async () => {
      await store.close();
    },
  };
};
