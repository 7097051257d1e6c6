import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../src/index.js';

const T0 = 1_700_000_000_000;
const LEASE_MS = 120_000;

/** A database of this file's own on PostgreSQL: a lease pass takes any due job, so no other file's jobs may be there. */
const ownDatabase = async (backend: 'sqlite' | 'postgres'): Promise<{ url: string; dispose: () => Promise<void> }> => {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'assay-worker-languages-'));
    return { url: `sqlite:${join(dir, 'assay.db')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = async (statement: string) => {
    const client = new Pg.Client({ connectionString: inject('pgUrl') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `assay_worker_languages_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => admin(`drop database if exists ${name} with (force)`) };
};

/**
 * Languages beyond one machine (issue 49, migration 038): a process declares the languages its sandbox runs, the
 * declaration counts while the process lives, and a scoring job is leased only by a process that runs its languages.
 * Two stores on one database are two processes (real lock files, real advisory locks).
 */
describe.each(['sqlite', 'postgres'] as const)('worker languages on %s', (backend) => {
  let database: { url: string; dispose: () => Promise<void> };
  let server: Store;
  let orgId: number;

  beforeAll(async () => {
    database = await ownDatabase(backend);
    server = await openStore(database.url);
    orgId = (await server.orgs.create({ name: 'Languages', email: 'languages@example.com', timeZoneId: 1000 }, T0)).id;
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const scoreJob = (languages?: readonly ('java' | 'javascript' | 'python')[]) =>
    server.jobs.add({ orgId, invitationId: null, kind: 'score', target: 'report', ...(languages ? { languages } : {}) }, T0);

  it('leases a scoring job only to a process that runs its languages; the others wait, and /readyz can say which', async () => {
    const wasmOnly = ['javascript', 'typescript', 'python'] as const;
    await server.sandboxWorkers.declare(wasmOnly, T0);
    const java = await scoreJob(['java']);
    const javascript = await scoreJob(['javascript']);
    const none = await scoreJob();

    // "java" is never read inside "javascript": the JavaScript job and the one without languages are leased here.
    const leased = await server.jobs.lease('server', T0, LEASE_MS, 10, ['score'], wasmOnly);
    expect(leased.map((job) => job.id).sort()).toEqual([javascript.id, none.id].sort());
    expect(await server.sandboxWorkers.waitingLanguages()).toEqual(['java']);

    const worker = await openStore(database.url);
    try {
      await worker.sandboxWorkers.declare(['java'], T0);
      expect([...(await server.sandboxWorkers.liveLanguages())].sort()).toEqual(['java', 'javascript', 'python', 'typescript']);
      expect(await server.sandboxWorkers.waitingLanguages()).toEqual([]);
      expect(await server.jobs.lease('server', T0, LEASE_MS, 10, ['score'], wasmOnly)).toEqual([]);
      expect((await worker.jobs.lease('java-worker', T0, LEASE_MS, 10, ['score'], ['java'])).map((job) => job.id)).toEqual([java.id]);
    } finally {
      await worker.close();
    }
    // The worker is gone: its declaration no longer counts.
    expect(await server.sandboxWorkers.liveLanguages()).toEqual(new Set(wasmOnly));
  });
});
