import { sql, type Kysely, type Transaction } from 'kysely';
import type { ExposedQuestion, ExposureCount, RetiredQuestion } from '@assay/domain';
import type { Database } from '../database.js';

/**
 * A start adds the pooled questions it drew to their counts (issue 62 item 5, decision 1497), in the start's own
 * transaction: one upsert, identities in one order so two starts never wait on each other crosswise (PostgreSQL).
 */
export const countExposures = async (trx: Transaction<Database>, testId: number, exposed: readonly ExposedQuestion[]): Promise<void> => {
  const byIdentity = new Map<string, { label: string; exposures: number }>();
  for (const { identity, label } of exposed) byIdentity.set(identity, { label, exposures: (byIdentity.get(identity)?.exposures ?? 0) + 1 });
  if (byIdentity.size === 0) return;
  await trx
    .insertInto('question_exposures')
    .values(
      [...byIdentity.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([identity, { label, exposures }]) => ({ test_id: testId, identity, label, exposures })),
    )
    .onConflict((conflict) =>
      conflict.columns(['test_id', 'identity']).doUpdateSet({ exposures: sql<number>`question_exposures.exposures + excluded.exposures` }),
    )
    .execute();
};

/** When a start retires questions (with the version it makes): the first retirement of each is the one kept. */
export const markRetired = async (trx: Transaction<Database>, testId: number, retired: readonly RetiredQuestion[], now: number): Promise<void> => {
  for (const question of retired) {
    await trx
      .updateTable('question_exposures')
      .set({ retired_at: now, retired_from: question.sectionName })
      .where('test_id', '=', testId)
      .where('identity', '=', question.identity)
      .where('retired_at', 'is', null)
      .execute();
  }
};

/** Every counted question of the test (its first row's id), read fresh: a start of another instance moves them. */
export const exposureCountsOf = async (db: Kysely<Database>, testId: number): Promise<ExposureCount[]> => {
  const rows = await db
    .selectFrom('question_exposures')
    .select(['identity', 'label', 'exposures', 'retired_at', 'retired_from'])
    .where('test_id', '=', testId)
    .execute();
  return rows.map((row) => ({
    identity: row.identity,
    label: row.label,
    exposures: Number(row.exposures),
    retiredAt: row.retired_at === null ? null : Number(row.retired_at),
    retiredFrom: row.retired_from,
  }));
};
