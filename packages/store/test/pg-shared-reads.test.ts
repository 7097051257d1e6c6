import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import type Pg from 'pg';
import { SharedReadsPostgresDialect } from '../src/engine/pg-shared-reads.js';

interface Tables {
  notes: { id: number; body: string };
}

const pg = createRequire(import.meta.url)('pg') as typeof Pg;

/** Identical reads waiting for a connection share one query; nothing that could change an answer is shared. */
describe('shared reads on PostgreSQL', () => {
  const schema = `shared_${randomUUID().replaceAll('-', '')}`;
  let pool: Pg.Pool;
  let db: Kysely<Tables>;
  const sent: string[] = [];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: inject('pgUrl'), max: 2, options: `-c search_path=${schema}` });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        if (typeof args[0] === 'string') sent.push(args[0]);
        return query(...args);
      }) as typeof client.query;
    });
    db = new Kysely<Tables>({ dialect: new SharedReadsPostgresDialect({ pool }) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('notes').values({ id: 1, body: 'first' }).execute();
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  const note = (id: number) => db.selectFrom('notes').select(['id', 'body']).where('id', '=', id).execute();
  const sentSince = (mark: number) => sent.slice(mark).filter((text) => text.includes('from "notes"'));

  it('sends identical reads issued together once, and gives each reader rows of its own', async () => {
    const mark = sent.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => note(1)));
    expect(sentSince(mark)).toHaveLength(1);
    for (const rows of answers) expect(rows).toEqual([{ id: 1, body: 'first' }]);
    answers[0]![0]!.body = 'changed by one reader';
    expect(answers[1]![0]!.body).toBe('first');
  });

  it('sends reads with other values apart', async () => {
    const mark = sent.length;
    const [one, two] = await Promise.all([note(1), note(2)]);
    expect(sentSince(mark)).toHaveLength(2);
    expect(one).toHaveLength(1);
    expect(two).toEqual([]);
  });

  it('never gives a read the answer of a query sent before it: a commit in between is seen', async () => {
    // The first read is sent and held in PostgreSQL for a while (its snapshot taken); the write commits meanwhile on
    // the other connection, then an identical read is issued.
    const heldRead = () =>
      db
        .selectFrom(['notes', sql<{ slept: string }>`(select pg_sleep(0.3)::text as slept)`.as('pause')])
        .select('notes.id')
        .where('notes.id', '>=', 3)
        .execute();
    const slow = heldRead();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.insertInto('notes').values({ id: 3, body: 'third' }).execute();
    const after = await heldRead();
    expect((await slow).map((row) => row.id)).toEqual([]);
    expect(after.map((row) => row.id)).toEqual([3]);
  });

  it('keeps a transaction’s reads its own', async () => {
    let inside: unknown[] = [];
    let outside: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 4, body: 'uncommitted' }).execute();
      [inside, outside] = await Promise.all([
        trx.selectFrom('notes').select('id').where('id', '=', 4).execute(),
        db.selectFrom('notes').select('id').where('id', '=', 4).execute(),
      ]);
    });
    expect(inside).toEqual([{ id: 4 }]);
    expect(outside).toEqual([]);
  });

  it('shares no locking read', async () => {
    const mark = sent.length;
    const locking = () => db.selectFrom('notes').select('id').where('id', '=', 1).forUpdate().execute();
    await Promise.all([locking(), locking()]);
    expect(sentSince(mark)).toHaveLength(2);
  });
});
