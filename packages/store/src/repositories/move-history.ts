import type { Kysely } from 'kysely';
import type { HistoryActor, RecordedHistoryEvent } from '@assay/domain';
import type { Database, InvitationRow } from '../database.js';
import { recordHistory } from './invitation-history.js';

/**
 * Writes what the history says of an applied move (`historyOfMove`), in the move's transaction. A reattempt is named
 * once: asking again answers the same new invitation (`createReattempt`), which already has its `created` entry, so
 * neither entry is written twice.
 */
export const recordMoveHistory = async (
  trx: Kysely<Database>,
  invitationId: number,
  events: readonly RecordedHistoryEvent[],
  reattempt: InvitationRow | undefined,
  by: HistoryActor,
  at: number,
): Promise<void> => {
  if (reattempt) {
    const named = await trx
      .selectFrom('invitation_history')
      .select('id')
      .where('invitation_id', '=', reattempt.id)
      .where('kind', '=', 'created')
      .executeTakeFirst();
    if (named) return;
    await recordHistory(trx, reattempt.id, { kind: 'created', details: { via: 'reattempt', previousInvitationId: invitationId } }, by, at);
  }
  for (const event of events) await recordHistory(trx, invitationId, event, by, at);
};
