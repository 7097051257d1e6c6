import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Each test's place among its org's tests (1, 2, 3… in the order they were imported): tests are never
 * deleted, so page N of the list starts right after position (N-1)×size — an index seek, where OFFSET
 * stepped over every earlier entry — and the org's count is the highest position.
 */
export const testPositionsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tests').addColumn('org_position', 'integer').execute();
    await sql`
      update tests set org_position = ranked.position
      from (select id, row_number() over (partition by org_id order by id) as position from tests) as ranked
      where ranked.id = tests.id`.execute(db);
    await db.schema.createIndex('tests_org_position_key').unique().on('tests').columns(['org_id', 'org_position']).execute();
  },
});
