import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * People, not keys (issue 50, decision 771): a person of an org holds one or more API keys. Every key issued before
 * gets a person of its own, with no name and its key's role, so every key keeps working and its history still names
 * it by the key's label (actorName). Each backfilled person remembers its key (`first_key_id`) so the backfill can
 * join them in one statement on both engines.
 */
export const peopleMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('people')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deactivated_at', 'bigint')
      .addColumn('first_key_id', 'bigint')
      .execute();
    await db.schema.createIndex('people_org_idx').on('people').columns(['org_id', 'id']).execute();
    await db.schema.alterTable('api_keys').addColumn('person_id', 'bigint').execute();
    await sql`INSERT INTO people (org_id, role, created_at, first_key_id) SELECT org_id, role, created_at, id FROM api_keys ORDER BY id`.execute(db);
    await sql`UPDATE api_keys SET person_id = (SELECT people.id FROM people WHERE people.first_key_id = api_keys.id)`.execute(db);
    await db.schema.createIndex('api_keys_person_idx').on('api_keys').columns(['person_id']).execute();
  },
});
