import type { ExpressionBuilder, Kysely } from 'kysely';
import { eventLogPlacement, keptEventsOf, keptOrdinals, streamOf, type AttemptEvent, type AttemptLog, type EventStream, type KeptEvents } from '@assay/domain';
import type { Database } from '../database.js';

/*
 * An attempt's event log as stored: each event numbered in its stream (`seq`), and each stream bounded by the domain's
 * event log (event-log.ts), so what one attempt stores does not grow with what its page sends.
 */

const toAttemptEvent = (row: { kind: string; at: number; section_id: number | null }): AttemptEvent =>
  row.kind === 'section' ? { kind: 'section', at: row.at, sectionId: row.section_id ?? 0 } : { kind: row.kind as 'left' | 'returned' | 'unload', at: row.at };

const inStream = (stream: EventStream) => (eb: ExpressionBuilder<Database, 'attempt_events'>) =>
  stream === 'sections' ? eb('kind', '=', 'section') : eb('kind', '<>', 'section');

/** How many events a stream of the attempt has taken (its last number + 1; 0 for none). */
const streamLength = async (db: Kysely<Database>, invitationId: number, stream: EventStream): Promise<number> => {
  const row = await db
    .selectFrom('attempt_events')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('invitation_id', '=', invitationId)
    .where(inStream(stream))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
};

/**
 * Logs one of the page's events in `db` (the transaction that moved the counters, which holds the invitation's row,
 * so the attempt's events are numbered one at a time): numbered next in its stream, and the stream bounded as the
 * domain's event log says — once full, the oldest of its tail makes room. Whatever a page sends, an attempt holds
 * at most EVENT_LOG_LIMITS of each stream.
 */
export const appendAttemptEvent = async (db: Kysely<Database>, invitationId: number, event: AttemptEvent): Promise<void> => {
  const stream = streamOf(event.kind);
  const seq = await streamLength(db, invitationId, stream);
  const { evict } = eventLogPlacement(seq);
  if (evict !== null) {
    await db.deleteFrom('attempt_events').where('invitation_id', '=', invitationId).where(inStream(stream)).where('seq', '=', evict).execute();
  }
  await db
    .insertInto('attempt_events')
    .values({ invitation_id: invitationId, kind: event.kind, at: event.at, section_id: event.kind === 'section' ? event.sectionId : null, seq })
    .execute();
};

const keptStream = async (db: Kysely<Database>, invitationId: number, stream: EventStream): Promise<KeptEvents> => {
  const total = await streamLength(db, invitationId, stream);
  const { headEnd, tailStart } = keptOrdinals(total);
  const rows = await db
    .selectFrom('attempt_events')
    .select(['kind', 'at', 'section_id', 'seq'])
    .where('invitation_id', '=', invitationId)
    .where(inStream(stream))
    .where((eb) => eb.or([eb('seq', '<', headEnd), eb('seq', '>=', tailStart)]))
    .orderBy('seq')
    .execute();
  return keptEventsOf(
    rows.map((row) => ({ ordinal: Number(row.seq), event: toAttemptEvent(row) })),
    total,
  );
};

/** The attempt's log as kept: both streams, each read through its window alone (bounded, however old the attempt). */
export const readAttemptLog = async (db: Kysely<Database>, invitationId: number): Promise<AttemptLog> => {
  const [presence, sections] = await Promise.all([keptStream(db, invitationId, 'presence'), keptStream(db, invitationId, 'sections')]);
  return { presence, sections };
};
