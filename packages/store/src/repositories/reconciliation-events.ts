import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

export interface ReconciliationEvent {
  type: 'completed' | 'cancelled';
  at: number;
  testInvitationId: number;
  testId: number;
  emailId: string;
}

/** Completions and cancellations of an org in [from, to), oldest first, for integrators catching up. */
export const reconciliationEvents = async (db: Kysely<Database>, orgId: number, from: number, to: number, limit: number): Promise<ReconciliationEvent[]> => {
  const query = (column: 'completed_at' | 'cancelled_at') =>
    db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select([`invitations.${column} as at`, 'invitations.id as testInvitationId', 'invitations.test_id as testId', 'candidates.email as emailId'])
      .where('invitations.org_id', '=', orgId)
      .where(`invitations.${column}`, '>=', from)
      .where(`invitations.${column}`, '<', to)
      .orderBy(`invitations.${column}`)
      .limit(limit)
      .execute();
  const [completed, cancelled] = await Promise.all([query('completed_at'), query('cancelled_at')]);
  return [
    ...completed.map((row) => ({ ...row, at: row.at as number, type: 'completed' as const })),
    ...cancelled.map((row) => ({ ...row, at: row.at as number, type: 'cancelled' as const })),
  ]
    .sort((a, b) => a.at - b.at || a.testInvitationId - b.testInvitationId)
    .slice(0, limit);
};
