import { type Kysely, type Migration, sql } from 'kysely';

/** A table whose rows are streams of one invitation, and the column that tells its streams apart. */
const STREAMS = [
  { table: 'invitation_history', stream: 'kind', index: 'invitation_history_seq_idx' },
  { table: 'grades', stream: 'question_id', index: 'grades_seq_idx' },
  { table: 'evidence_reviews', stream: 'event_id', index: 'evidence_reviews_seq_idx' },
] as const;

/**
 * Each record's number in its invitation's stream (issue 48 item 2, decision 634): a history entry among the entries of
 * its kind, a grade among the grades of its answer, a review among the reviews of its evidence, from 0 in id order —
 * what the bounded store path keeps and drops by, like the proctoring log's `seq` (migration 017). Records stored
 * before are numbered; a stream that already holds more than it keeps is read through the same window, and nothing is
 * deleted here.
 */
export const boundedRecordsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const { table, stream, index } of STREAMS) {
      await db.schema
        .alterTable(table)
        .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
        .execute();
      await sql`
        update ${sql.table(table)} set seq = numbered.seq
        from (
          select id, row_number() over (partition by invitation_id, ${sql.ref(stream)} order by id) - 1 as seq from ${sql.table(table)}
        ) as numbered
        where numbered.id = ${sql.table(table)}.id`.execute(db);
      await db.schema.createIndex(index).on(table).columns(['invitation_id', stream, 'seq']).execute();
    }
  },
});
