import type { Kysely } from 'kysely';
import { HistoryEvent, type InvitationMaker } from '@assay/domain';
import type { Database } from '../database.js';

/**
 * What made an org's invitation (decision 825): its history's `created` entry (the first of its kind, always kept:
 * decision 634) and the person of the key that wrote it, read as they are now. Undefined for another org's invitation,
 * or one made before histories were kept (its `created` entry is only rebuilt when read, and names no key).
 */
export const invitationMaker = async (db: Kysely<Database>, orgId: number, invitationId: number): Promise<InvitationMaker | undefined> => {
  const row = await db
    .selectFrom('invitation_history')
    .innerJoin('invitations', 'invitations.id', 'invitation_history.invitation_id')
    .leftJoin('api_keys', (join) => join.onRef('api_keys.id', '=', 'invitation_history.key_id').onRef('api_keys.org_id', '=', 'invitations.org_id'))
    .leftJoin('people', 'people.id', 'api_keys.person_id')
    .select(['invitation_history.details', 'invitation_history.actor', 'people.id as personId', 'people.name', 'people.email', 'people.deactivated_at'])
    .where('invitations.org_id', '=', orgId)
    .where('invitation_history.invitation_id', '=', invitationId)
    .where('invitation_history.kind', '=', 'created')
    .orderBy('invitation_history.id')
    .executeTakeFirst();
  if (!row) return undefined;
  const created = HistoryEvent.safeParse({ kind: 'created', details: JSON.parse(row.details) });
  if (!created.success || created.data.kind !== 'created') return undefined;
  const byKey = row.actor === 'key' && row.personId !== null;
  return {
    via: created.data.details.via,
    person: byKey ? { name: row.name, email: row.email, deactivated: row.deactivated_at !== null } : null,
  };
};
