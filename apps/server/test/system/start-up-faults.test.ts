import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@assay/store';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_TOKEN, buildIfStale, diagnostics, freePort, killAll, scratchDatabase, SERVER_MAIN, spawnNode, waitForOutput, type Proc } from './processes.js';

/**
 * Issue 51, item 8 (and 5 at start): faults an operator meets when starting the built server, each answered with what
 * to change — the setting, the path — and none leaving a server that starts and then answers 500.1.
 */
const API_KEY = /assay_[A-Za-z0-9_-]{43}/;

const serverOn = (name: string, databaseUrl: string, port: number, env: Record<string, string> = {}): Proc =>
  spawnNode(name, SERVER_MAIN, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ASSAY_DATABASE_URL: databaseUrl,
    ASSAY_PUBLIC_URL: '',
    ASSAY_RUN_WORKER: 'false',
    ASSAY_SEED_DEMO: 'false',
    ASSAY_ADMIN_TOKEN: '',
    LOG_LEVEL: 'warn',
    ...env,
  });

/** Exits within a few seconds, non-zero, with its output. */
const refusal = async (proc: Proc): Promise<string> => {
  const { code } = await proc.exited;
  expect(code, proc.output()).not.toBe(0);
  return proc.output();
};

/** A file or folder even root may not write: immutable (chattr) as root, read-only by its mode otherwise. */
const makeUnwritable = (path: string): (() => void) => {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', path]);
    return () => execFileSync('chattr', ['-i', path]);
  }
  chmodSync(path, 0o555);
  return () => chmodSync(path, 0o755);
};

describe('start-up faults of the built server (real processes)', () => {
  let dir: string;

  beforeAll(() => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`start-up-faults.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-start-faults-'));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs a new database in one line at info (each step at debug), and one line when the schema is up to date', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(diagnostics()));
    const url = `sqlite:${join(dir, 'migrations', 'assay.db')}`;
    const first = serverOn('migrating', url, await freePort(), { LOG_LEVEL: 'info' });
    await waitForOutput(first, /Assay is listening/);
    expect(first.output()).toMatch(/"msg":"database created: \d+ migrations, now at \d{3}-/);
    expect(first.output()).not.toMatch(/migrating: /);
    await first.stop('SIGTERM');
    const verbose = serverOn('migrating-debug', `sqlite:${join(dir, 'migrations-debug', 'assay.db')}`, await freePort(), { LOG_LEVEL: 'debug' });
    await waitForOutput(verbose, /Assay is listening/);
    expect(verbose.output()).toMatch(/"msg":"migrating: 001-initial done in \d+ ms"/);
    await verbose.stop('SIGTERM');
    const second = serverOn('up-to-date', url, await freePort(), { LOG_LEVEL: 'info' });
    await waitForOutput(second, /Assay is listening/);
    expect(second.output()).toMatch(/"msg":"database schema is up to date \(\d{3}-[^)]+\)"/);
    expect(second.output()).not.toMatch(/migrating: /);
    await second.stop('SIGTERM');
  }, 60_000);

  it('refuses a database a newer Assay migrated, saying what to run', async () => {
    const url = `sqlite:${join(dir, 'newer', 'assay.db')}`;
    const store = await openStore(url);
    await store.db
      .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
      .insertInto('kysely_migration')
      .values({ name: '999-from-the-future', timestamp: new Date().toISOString() })
      .execute();
    await store.close();
    const output = await refusal(serverOn('older-build', url, await freePort()));
    expect(output).toContain(
      'Assay could not start: the database was migrated by a newer Assay (migration 999-from-the-future); run that version or newer — downgrades are not supported',
    );
    expect(output).not.toMatch(/corrupted/);
  }, 30_000);

  it('refuses a SQLite file it cannot write, naming the path and the setting', async () => {
    const path = join(dir, 'read-only', 'assay.db');
    const store = await openStore(`sqlite:${path}`);
    await store.close();
    const restore = makeUnwritable(path);
    try {
      const output = await refusal(serverOn('read-only', `sqlite:${path}`, await freePort()));
      expect(output).toContain(`cannot write the SQLite file ${path} (ASSAY_DATABASE_URL)`);
      expect(output).not.toMatch(/Assay is listening/);
    } finally {
      restore();
    }
  }, 30_000);

  it('refuses an outbox folder it cannot write while emails go there as files, naming the path and the setting', async () => {
    const outbox = join(dir, 'locked-outbox');
    mkdirSync(outbox);
    const restore = makeUnwritable(outbox);
    try {
      const url = `sqlite:${join(dir, 'outbox-db', 'assay.db')}`;
      const output = await refusal(
        serverOn('outbox-read-only', url, await freePort(), { ASSAY_RUN_WORKER: 'true', ASSAY_OUTBOX_DIR: outbox, ASSAY_SMTP_URL: '' }),
      );
      expect(output).toContain(`Assay could not start: cannot write stakeholder emails into ${outbox} (ASSAY_OUTBOX_DIR)`);
    } finally {
      restore();
    }
  }, 30_000);

  it('names the setting and the path when the database cannot be opened', async () => {
    // A file where the database's folder should be.
    const path = join(dir, 'not-a-folder', 'assay.db');
    const store = await openStore(`sqlite:${join(dir, 'not-a-folder-base.db')}`);
    await store.close();
    execFileSync('cp', [join(dir, 'not-a-folder-base.db'), join(dir, 'not-a-folder')]);
    const output = await refusal(serverOn('unopenable', `sqlite:${path}`, await freePort()));
    expect(output).toContain(`Assay could not start: cannot open the SQLite file ${path} (ASSAY_DATABASE_URL): `);
  }, 30_000);

  it('on a taken port seeds nothing, so the next start seeds the demo org and shows its key', async () => {
    const url = `sqlite:${join(dir, 'taken-port', 'assay.db')}`;
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const output = await refusal(serverOn('port-taken', url, port, { ASSAY_SEED_DEMO: 'true' }));
      expect(output).toContain(`Assay could not start: port ${port} on 127.0.0.1 is already in use by another process (PORT=${port}, HOST=127.0.0.1)`);
      expect(output).not.toMatch(API_KEY);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const next = serverOn('port-free', url, await freePort(), { ASSAY_SEED_DEMO: 'true' });
    await waitForOutput(next, /curl -s .*x-api-key/);
    expect(next.output()).toMatch(API_KEY);
    await next.stop('SIGTERM');
  }, 60_000);

  it("shows its own address in the banner, and the public URL beside it when that is another's", async () => {
    const url = `sqlite:${join(dir, 'banner', 'assay.db')}`;
    const port = await freePort();
    const server = serverOn('banner', url, port, { ASSAY_PUBLIC_URL: 'https://assay.example.com' });
    await waitForOutput(server, /Assay is listening/);
    expect(server.output()).toContain(
      `Assay is listening on http://localhost:${port} (public URL: https://assay.example.com; API reference: https://assay.example.com/docs)`,
    );
    await server.stop('SIGTERM');
  }, 30_000);
});

describe('a PostgreSQL database without any organization (real process)', () => {
  let database: { url: string; dispose: () => Promise<void> } | undefined;

  afterAll(async () => {
    await killAll();
    await database?.dispose();
  });

  it('says how to make one: the setting to set and the command', async () => {
    database = await scratchDatabase('postgres', 'no_org', inject('pgUrl'));
    const bare = serverOn('pg-no-org', database.url, await freePort());
    await waitForOutput(bare, /ASSAY_ADMIN_TOKEN is not set/);
    expect(bare.output()).toContain('This database has no organization yet, and ASSAY_ADMIN_TOKEN is not set');
    expect(bare.output()).toContain('assay admin orgs create --name');
    await bare.stop('SIGTERM');
    const withToken = serverOn('pg-no-org-token', database.url, await freePort(), { ASSAY_ADMIN_TOKEN: ADMIN_TOKEN });
    await waitForOutput(withToken, /no organization yet/);
    expect(withToken.output()).toContain('This database has no organization yet, so no API key works. Create one');
    await withToken.stop('SIGTERM');
  }, 60_000);
});
