import { type Kysely, sql } from 'kysely';
import {
  actorName,
  COALESCED_HISTORY_KINDS,
  firstCompletionOf,
  omittedCount,
  HISTORY_COALESCE_MS,
  HISTORY_BOUNDS,
  HistoryEvent,
  TEST_EXPORT_HISTORY_LIMIT,
  type CoalescedHistoryKind,
  type HistoryActor,
  type HistoryBy,
  type HistoryKind,
  type HistoryOmission,
  type InvitationMaker,
  type InvitationOrigin,
  type RecordedHistoryEvent,
  type StoredHistoryEntry,
  type TestExport,
} from '@assay/domain';
import type { Database } from '../database.js';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { invitationMaker } from './invitation-maker.js';
import { keptSeqs, takeBoundedSeq, type RecordStream } from './bounded-streams.js';

/*
 * An invitation's history (issue 32, item 6), append-only. Every write takes the `db` of the action it records — the
 * transaction that moved the invitation, saved the answer, stored the score — so a history never claims what did not
 * commit. The repository (`history`) does the same on the store or on a `Store.transaction`'s repositories. Each kind
 * is a bounded stream (decision 634): its first and last entries (HISTORY_BOUNDS) are kept, and the count of the rest.
 */

const actorColumns = (by: HistoryActor) => (typeof by === 'object' ? { actor: 'key', key_id: by.keyId } : { actor: by, key_id: null });

/** One entry's insert, built once per dialect (a registration writes one each: decision 471). */
const insertEntry = compileOnce((db: Kysely<Database>) =>
  db.insertInto('invitation_history').values({
    invitation_id: parameter<number>('invitationId'),
    at: parameter<number>('at'),
    kind: parameter<string>('kind'),
    actor: parameter<string>('actor'),
    key_id: parameter<number | null>('keyId'),
    details: parameter<string>('details'),
    count: 1,
    last_at: parameter<number>('at'),
    seq: parameter<number>('seq'),
  }),
);

const kindStream = (invitationId: number, kind: HistoryKind): RecordStream => ({ table: 'invitation_history', column: 'kind', invitationId, value: kind });

/**
 * The insert of one entry numbered `seq` among its kind's, ready to run alone or as a step of a transaction
 * (`registration-steps.ts`: a new invitation's `created` entry, its first, 0).
 */
export const historyEntryInsert = (db: Kysely<Database>, invitationId: number, event: RecordedHistoryEvent, by: HistoryActor, at: number, seq: number) => {
  const { actor, key_id } = actorColumns(by);
  return insertEntry.bound(db, { invitationId, at, kind: event.kind, actor, keyId: key_id, details: JSON.stringify(event.details), seq });
};

/** Appends one entry, its kind's stream bounded (the oldest of its tail makes room once full). */
export const recordHistory = async (db: Kysely<Database>, invitationId: number, event: RecordedHistoryEvent, by: HistoryActor, at: number): Promise<void> => {
  await inTransaction(db, async (trx) => {
    const seq = await takeBoundedSeq(trx, kindStream(invitationId, event.kind), HISTORY_BOUNDS[event.kind]);
    await trx.executeQuery(historyEntryInsert(trx, invitationId, event, by, at, seq));
  });
};

/**
 * Counts one occurrence of a coalesced kind: into the entry of that kind begun less than HISTORY_COALESCE_MS ago, or a
 * new one. The entry's first instant and order never change; only its count and last instant grow while its window is
 * open, so what it said stays true.
 */
export const recordCoalescedHistory = async (
  db: Kysely<Database>,
  invitationId: number,
  kind: CoalescedHistoryKind,
  by: HistoryActor,
  at: number,
): Promise<void> => {
  const open = await db
    .selectFrom('invitation_history')
    .select('id')
    .where('invitation_id', '=', invitationId)
    .where('kind', '=', kind)
    .where('at', '>', at - HISTORY_COALESCE_MS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (open) {
    await db
      .updateTable('invitation_history')
      .set((eb) => ({ count: eb('count', '+', 1), last_at: at }))
      .where('id', '=', open.id)
      .execute();
    return;
  }
  const seq = await takeBoundedSeq(db, kindStream(invitationId, kind), HISTORY_BOUNDS[kind]);
  await db
    .insertInto('invitation_history')
    .values({ invitation_id: invitationId, at, kind, ...actorColumns(by), details: '{}', count: 1, last_at: at, seq })
    .execute();
};

const KIND_ORDER = Object.keys(HISTORY_BOUNDS);

const isCoalesced = (kind: string): kind is CoalescedHistoryKind => (COALESCED_HISTORY_KINDS as readonly string[]).includes(kind);

const iso = (at: number) => new Date(at).toISOString();

interface HistoryRow {
  at: number;
  kind: string;
  actor: string;
  key_id: number | null;
  label: string | null;
  prefix: string | null;
  person_name: string | null;
  details: string;
  count: number;
  last_at: number;
}

/** Who made an entry (also the author of a note, a rating or a decision: candidate-decisions.ts): a key named by its person (actorName, decision 773), the candidate, or Assay. */
export const byOf = (row: Pick<HistoryRow, 'actor' | 'key_id' | 'label' | 'prefix' | 'person_name'>): HistoryBy =>
  row.actor === 'key' && row.key_id !== null
    ? { keyId: row.key_id, label: actorName({ personName: row.person_name, label: row.label, prefix: row.prefix }) }
    : row.actor === 'candidate'
      ? 'candidate'
      : 'system';

const entryOf = (row: HistoryRow): StoredHistoryEntry => ({
  at: row.at,
  by: byOf(row),
  // Parsed, so a row that no longer fits the union fails loudly instead of answering a shape the API does not document.
  event: HistoryEvent.parse({ kind: row.kind, details: isCoalesced(row.kind) ? { count: row.count, lastAt: iso(row.last_at) } : JSON.parse(row.details) }),
});

export class InvitationHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends an entry in this repository's transaction (or alone): `history.record(invitationId, event, by, at)`. */
  record(invitationId: number, event: RecordedHistoryEvent, by: HistoryActor, at: number): Promise<void> {
    return recordHistory(this.db, invitationId, event, by, at);
  }

  recordCoalesced(invitationId: number, kind: CoalescedHistoryKind, by: HistoryActor, at: number): Promise<void> {
    return recordCoalescedHistory(this.db, invitationId, kind, by, at);
  }

  /**
   * One export of a test's report (an Excel workbook): one row, whatever the number of its invitations. Each
   * invitation's history shows it while the invitation was Completed at `at` (`exportEntriesOf`, decision 503).
   */
  async recordTestExport(orgId: number, testId: number, format: TestExport['format'], by: HistoryActor, at: number): Promise<void> {
    await this.db
      .insertInto('test_exports')
      .values({ org_id: orgId, test_id: testId, format, ...actorColumns(by), at })
      .execute();
  }

  /**
   * The org's invitation (undefined for another org's or an unknown id), its entries in the order recorded — the first
   * and the last of each kind, read through each kind's window alone (bounded however old the invitation) — and per
   * kind how many are not kept.
   */
  async read(
    orgId: number,
    invitationId: number,
  ): Promise<{ origin: InvitationOrigin; entries: StoredHistoryEntry[]; exports: TestExport[]; omitted: HistoryOmission[] } | undefined> {
    const invitation = await this.db
      .selectFrom('invitations')
      .select(['id', 'test_id', 'created_at', 'previous_invitation_id', 'completed_at'])
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .executeTakeFirst();
    if (!invitation) return undefined;
    const { kept, omitted } = await this.windows(invitation.id);
    const rows = await this.db
      .selectFrom('invitation_history')
      .leftJoin('api_keys', 'api_keys.id', 'invitation_history.key_id')
      .leftJoin('people', 'people.id', 'api_keys.person_id')
      .select([
        'people.name as person_name',
        'invitation_history.at',
        'invitation_history.kind',
        'invitation_history.actor',
        'invitation_history.key_id',
        'api_keys.label',
        'api_keys.prefix',
        'invitation_history.details',
        'invitation_history.count',
        'invitation_history.last_at',
      ])
      .where('invitation_history.invitation_id', '=', invitation.id)
      .where(kept)
      .orderBy('invitation_history.id')
      .execute();
    const entries = rows.map(entryOf);
    const since = firstCompletionOf(invitation.completed_at, entries);
    return {
      origin: {
        id: invitation.id,
        createdAt: invitation.created_at,
        previousInvitationId: invitation.previous_invitation_id,
        completedAt: invitation.completed_at,
      },
      entries,
      exports: since === null ? [] : await this.exportsSince(orgId, invitation.test_id, since),
      omitted,
    };
  }

  /** What made the org's invitation and the person of its key, for the emails that name their inviter (decision 825). */
  maker(orgId: number, invitationId: number): Promise<InvitationMaker | undefined> {
    return invitationMaker(this.db, orgId, invitationId);
  }

  /** Each kind's length, as the condition its kept entries meet and the count of those it does not keep. */
  private async windows(invitationId: number) {
    const lengths = await this.db
      .selectFrom('invitation_history')
      .select((eb) => ['kind', eb.fn.max('seq').as('last')])
      .where('invitation_id', '=', invitationId)
      .groupBy('kind')
      .execute();
    const streams = lengths
      .filter((row): row is typeof row & { kind: HistoryKind } => Object.hasOwn(HISTORY_BOUNDS, row.kind))
      .map((row) => ({ kind: row.kind, total: Number(row.last) + 1, bound: HISTORY_BOUNDS[row.kind] }));
    const omitted = streams
      .map(({ kind, total, bound }) => ({ kind, count: omittedCount(bound, total) }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    // A kind the domain no longer names is read whole, and fails loudly when parsed (entryOf).
    const bounded = streams.map(
      ({ kind, total, bound }) => sql<boolean>`(invitation_history.kind = ${kind} and ${keptSeqs(bound, total, 'invitation_history.seq')})`,
    );
    const known = Object.keys(HISTORY_BOUNDS);
    const kept = sql<boolean>`(${sql.join([...bounded, sql`invitation_history.kind not in (${sql.join(known)})`], sql` or `)})`;
    return { kept, omitted };
  }

  /**
   * The test's exports from `since` on, the newest TEST_EXPORT_HISTORY_LIMIT of them (decision 505): one indexed read
   * however often the test was exported. Only the org's.
   */
  private async exportsSince(orgId: number, testId: number, since: number): Promise<TestExport[]> {
    const rows = await this.db
      .selectFrom('test_exports')
      .leftJoin('api_keys', 'api_keys.id', 'test_exports.key_id')
      .leftJoin('people', 'people.id', 'api_keys.person_id')
      .select(['test_exports.at', 'test_exports.actor', 'test_exports.key_id', 'api_keys.label', 'api_keys.prefix', 'people.name as person_name'])
      .where('test_exports.org_id', '=', orgId)
      .where('test_exports.test_id', '=', testId)
      .where('test_exports.format', '=', 'excel')
      .where('test_exports.at', '>=', since)
      .orderBy('test_exports.at', 'desc')
      .orderBy('test_exports.id', 'desc')
      .limit(TEST_EXPORT_HISTORY_LIMIT)
      .execute();
    return rows.reverse().map((row) => ({ at: row.at, by: byOf(row), format: 'excel' as const }));
  }
}
