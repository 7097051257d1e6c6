import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Each event's number in its attempt's stream (departures apart from section views, from 0 in arrival order): what
 * the bounded log (the domain's event-log.ts) keeps and drops by. Events stored before are numbered in id order;
 * an attempt that already holds more than the log keeps is read through the same window, and nothing is deleted.
 */
export const boundedEventLogMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('attempt_events')
      .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await sql`
      update attempt_events set seq = numbered.seq
      from (
        select id, row_number() over (partition by invitation_id, kind = 'section' order by id) - 1 as seq from attempt_events
      ) as numbered
      where numbered.id = attempt_events.id`.execute(db);
    await db.schema.createIndex('attempt_events_seq_idx').on('attempt_events').columns(['invitation_id', 'seq']).execute();
  },
});
