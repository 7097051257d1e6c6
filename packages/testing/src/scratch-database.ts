import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A database of its own for a suite's processes (they take a URL, not a schema).

export const withPg = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/**
 * A fresh database for a suite's processes: a SQLite file in a temp dir of its own, or a PostgreSQL database next to
 * the test cluster's (`pgUrl`). `dispose` removes it.
 */
export const scratchDatabase = async (backend: 'sqlite' | 'postgres', label: string, pgUrl: string): Promise<{ url: string; dispose: () => Promise<void> }> => {
  if (backend === 'postgres') {
    const database = await createDatabase(pgUrl, label);
    return { url: database.url, dispose: async () => void (await database.drop()) };
  }
  const dir = mkdtempSync(join(tmpdir(), `assay-${label}-`));
  return { url: `sqlite:${join(dir, 'assay.db')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
};

/** Creates `assay_<label>_<random>` next to `pgUrl`'s database; answers its URL and a drop that forces disconnects. */
export const createDatabase = async (pgUrl: string, label: string) => {
  const name = `assay_${label}_${randomBytes(6).toString('hex')}`;
  await withPg(pgUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withPg(pgUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
};
