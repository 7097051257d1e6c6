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
    const dir = mkdtempSync(join(tmpdir(), 'assay-dead-lease-'));
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
  const name = `assay_dead_lease_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => admin(`drop database if exists ${name} with (force)`) };
};

/**
 * A lease names the process holding it (`instance-liveness.ts`): once that process is gone, its jobs are leased again
 * at once, long before the lease time ends — and never while it lives. Real lock files and advisory locks; the SIGKILL
 * of a real server is in the server's system tests (callback-crash-recovery.test.ts).
 */
describe.each(['sqlite', 'postgres'] as const)('leases of a dead process on %s', (backend) => {
  let database: { url: string; dispose: () => Promise<void> };
  let survivor: Store;
  let orgId: number;

  beforeAll(async () => {
    database = await ownDatabase(backend);
    survivor = await openStore(database.url);
    orgId = (await survivor.orgs.create({ name: 'Leases', email: 'leases@example.com', timeZoneId: 1000 }, T0)).id;
  });
  afterAll(async () => {
    await survivor.close();
    await database.dispose();
  });

  it("leaves a live process's leases alone, and takes a dead one's at once", async () => {
    const job = await survivor.jobs.add({ orgId, invitationId: null, kind: 'callback', target: 'https://example.com/hook' }, T0);
    const holder = await openStore(database.url);
    try {
      const [held] = await holder.jobs.lease('worker-holder', T0, LEASE_MS, 10, ['callback']);
      expect(held?.id).toBe(job.id);

      // Alive, the holder keeps its lease: another process takes nothing before the lease time ends.
      expect(await survivor.jobs.lease('worker-survivor', T0 + 1_000, LEASE_MS, 10, ['callback'])).toEqual([]);

      await holder.close();
      // Gone, its lease is taken at once, with the lease time hardly begun.
      const taken = await survivor.jobs.lease('worker-survivor', T0 + 2_000, LEASE_MS, 10, ['callback']);
      expect(taken.map((leased) => [leased.id, leased.leaseOwner, leased.leaseUntil])).toEqual([[job.id, 'worker-survivor', T0 + 2_000 + LEASE_MS]]);
      expect(await survivor.jobs.finish(taken[0]!, 'worker-survivor', 'delivered', T0 + 3_000)).toBe(true);
    } finally {
      await holder.close();
    }
  });

  it("gives a dead process's job to one of two processes that both find it dead", async () => {
    const job = await survivor.jobs.add({ orgId, invitationId: null, kind: 'email', target: 'someone@example.com' }, T0);
    const holder = await openStore(database.url);
    const other = await openStore(database.url);
    try {
      expect((await holder.jobs.lease('worker-holder', T0, LEASE_MS, 10, ['email'])).map((leased) => leased.id)).toEqual([job.id]);
      await holder.close();
      const [first, second] = await Promise.all([
        survivor.jobs.lease('worker-survivor', T0 + 1_000, LEASE_MS, 10, ['email']),
        other.jobs.lease('worker-other', T0 + 1_000, LEASE_MS, 10, ['email']),
      ]);
      expect([...first!, ...second!].map((leased) => leased.id)).toEqual([job.id]);
    } finally {
      await holder.close();
      await other.close();
    }
  });
});
