import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type Pg from 'pg';
import type { Database } from '../database.js';
import { INSTANCE_ID, type InstanceLiveness, newInstanceId } from './instance-liveness.js';

/** The 64-bit advisory lock key of an instance, as PostgreSQL's pg_locks shows it: two unsigned 32-bit halves. */
const lockKeyOf = (instanceId: string) => {
  const digest = createHash('sha256').update(`assay instance ${instanceId}`).digest();
  return { key: digest.readBigInt64BE(0).toString(), high: digest.readUInt32BE(0), low: digest.readUInt32BE(4) };
};

/**
 * Liveness on PostgreSQL (any number of hosts): each process holds a session advisory lock, keyed by its instance id, on
 * a connection of its own (outside the pool, so it is never handed to a query). PostgreSQL drops a session's locks when
 * its connection ends — the process died, however, or its host is gone — and pg_locks shows the lock exactly while it
 * is held. A lost connection (a restart of the database) is opened again at the next registration; until then the
 * instance looks gone, and what it claimed can be taken over — its commits are conditional on still holding the claim.
 */
export const advisoryLockLiveness = (connect: (applicationName: string) => Pg.Client, db: () => Kysely<Database>): InstanceLiveness => {
  const id = newInstanceId();
  const own = lockKeyOf(id);
  let holding: Promise<Pg.Client> | undefined;

  const hold = (): Promise<Pg.Client> => {
    // Named, so an operator sees in pg_stat_activity which session is which server's proof of life.
    const client = connect(`assay instance ${id}`);
    const held = (async () => {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [own.key]);
      if (!rows[0]?.locked) throw new Error(`the advisory lock of instance ${id} is held by another session`);
      return client;
    })();
    const lost = () => {
      if (holding === held) holding = undefined;
    };
    // Unheard, a lost connection's 'error' would end the process.
    client.on('error', lost);
    client.on('end', lost);
    held.catch(() => {
      lost();
      void client.end().catch(() => {});
    });
    holding = held;
    return held;
  };

  return {
    id,
    async register() {
      await (holding ?? hold());
    },
    async isAlive(instanceId) {
      if (instanceId === id) return true;
      if (!INSTANCE_ID.test(instanceId)) return false;
      const { high, low } = lockKeyOf(instanceId);
      const { rows } = await sql<{ alive: boolean }>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and granted and objsubid = 1
            and database = (select oid from pg_database where datname = current_database())
            and classid = ${String(high)}::oid and objid = ${String(low)}::oid
        ) as alive`.execute(db());
      return rows[0]?.alive === true;
    },
    async close() {
      const current = holding;
      holding = undefined;
      const client = await current?.catch(() => undefined);
      await client?.end().catch(() => {});
    },
  };
};
