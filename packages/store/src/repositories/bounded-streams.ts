import { type Kysely, sql } from 'kysely';
import { boundedPlacement, keptWindow, type RecordBound } from '@assay/domain';
import type { Database } from '../database.js';

/*
 * The one store path of every bounded per-attempt record (decision 634): a table whose rows are numbered (`seq`, from
 * 0) within a stream of one invitation — history entries by kind, grades by question, evidence reviews by evidence id —
 * and bounded as the domain's `boundedPlacement` says. The proctoring log (attempt-event-log.ts) is the same rule over
 * its two streams.
 */

/** A stream: one invitation's rows of `table` whose `column` is `value`. */
export interface RecordStream {
  readonly table: 'invitation_history' | 'grades' | 'evidence_reviews';
  readonly column: 'kind' | 'question_id' | 'event_id';
  readonly invitationId: number;
  readonly value: string | number;
}

const inStream = (stream: RecordStream) => sql`invitation_id = ${stream.invitationId} and ${sql.ref(stream.column)} = ${stream.value}`;

/** How many records the stream has taken: its last number + 1 (0 for none). */
export const streamLength = async (db: Kysely<Database>, stream: RecordStream): Promise<number> => {
  const { rows } = await sql<{ last: number | string | null }>`select max(seq) as last from ${sql.table(stream.table)} where ${inStream(stream)}`.execute(db);
  const last = rows[0]?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
};

/**
 * The number the stream's next record takes, its room made first: once the stream holds its head and a full tail,
 * the records from the end of its head up to the oldest of its tail are deleted (one record, or more in a stream stored
 * before it was bounded, or where two writers raced to the same number). Run it in the transaction that inserts the
 * record with the number answered. Whatever a caller sends, the stream holds at most `head + tail` records.
 */
export const takeBoundedSeq = async (db: Kysely<Database>, stream: RecordStream, bound: RecordBound): Promise<number> => {
  const seq = await streamLength(db, stream);
  const { evict } = boundedPlacement(bound, seq);
  if (evict !== null) {
    await sql`delete from ${sql.table(stream.table)} where ${inStream(stream)} and seq >= ${bound.head} and seq <= ${evict}`.execute(db);
  }
  return seq;
};

/** The numbers a stream of `total` keeps, as a condition on its `seq` column (its head and its tail), for the reads. */
export const keptSeqs = (bound: RecordBound, total: number, column = 'seq') => {
  const { headEnd, tailStart } = keptWindow(bound, total);
  return sql<boolean>`(${sql.ref(column)} < ${headEnd} or ${sql.ref(column)} >= ${tailStart})`;
};
