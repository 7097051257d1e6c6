import type { Kysely } from 'kysely';
import { ok, type InvitationStatus, type Result } from '@assay/domain';
import type { Database } from '../database.js';

// An attempt's camera photos: `attempts.addSnapshot`, `attempts.snapshots` and the others read and write through these.

/** A stored camera photo. */
export interface Snapshot {
  id: number;
  takenAt: number;
  mediaType: string;
  data: Buffer;
}

/** `attempts.addSnapshot`: the stored photo's id. */
export const insertSnapshot = async (db: Kysely<Database>, invitationId: number, takenAt: number, mediaType: string, data: Buffer): Promise<number> => {
  const row = await db
    .insertInto('snapshots')
    .values({ invitation_id: invitationId, taken_at: takenAt, media_type: mediaType, data })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/** The invitation's snapshots without their bytes, oldest first (the report's contact sheet lists them). */
export const snapshotListOf = (db: Kysely<Database>, invitationId: number): Promise<{ id: number; takenAt: number }[]> =>
  db.selectFrom('snapshots').select(['id', 'taken_at as takenAt']).where('invitation_id', '=', invitationId).orderBy('taken_at').orderBy('id').execute();

/** When the invitation's snapshots taken after `since` were taken, oldest first. */
export const snapshotTimesSince = async (db: Kysely<Database>, invitationId: number, since: number): Promise<number[]> => {
  const rows = await db
    .selectFrom('snapshots')
    .select('taken_at')
    .where('invitation_id', '=', invitationId)
    .where('taken_at', '>', since)
    .orderBy('taken_at')
    .execute();
  return rows.map((row) => row.taken_at);
};

/** `attempts.addSnapshotIfAdmitted`: the admission decided and the snapshot stored in one transaction. */
export const insertSnapshotIfAdmitted = (
  db: Kysely<Database>,
  snapshot: { invitationId: number; takenAt: number; mediaType: string; data: Buffer },
  since: number,
  decide: (facts: { status: InvitationStatus; deadline: number | null; recentTakenAt: number[] }) => Result<true>,
): Promise<Result<number>> =>
  db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invitations')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', snapshot.invitationId)
      .execute();
    const { status, deadline_at: deadline } = await trx
      .selectFrom('invitations')
      .select(['status', 'deadline_at'])
      .where('id', '=', snapshot.invitationId)
      .executeTakeFirstOrThrow();
    const recent = await trx
      .selectFrom('snapshots')
      .select('taken_at')
      .where('invitation_id', '=', snapshot.invitationId)
      .where('taken_at', '>', since)
      .execute();
    const verdict = decide({ status, deadline, recentTakenAt: recent.map((row) => row.taken_at) });
    if (verdict.err) return verdict;
    const row = await trx
      .insertInto('snapshots')
      .values({ invitation_id: snapshot.invitationId, taken_at: snapshot.takenAt, media_type: snapshot.mediaType, data: snapshot.data })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok(row.id);
  });

/** Up to `limit` of the invitation's snapshots with their bytes, in the order stored. */
export const snapshotsOf = async (db: Kysely<Database>, invitationId: number, limit: number): Promise<Snapshot[]> => {
  const rows = await db
    .selectFrom('snapshots')
    .select(['id', 'taken_at', 'media_type', 'data'])
    .where('invitation_id', '=', invitationId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, takenAt: row.taken_at, mediaType: row.media_type, data: row.data }));
};
