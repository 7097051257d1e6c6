import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { openScratchStore, type Store } from '../src/index.js';

const PARTIAL = ['invitations_running_deadline_idx', 'invitations_unscored_idx', 'invitations_org_completed_idx', 'invitations_org_cancelled_idx'];

/** The indexes a new invitation does not belong to hold only the rows their queries ask for. */
describe.each(['sqlite', 'postgres'] as const)('partial invitation indexes on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(() => dispose());

  it('are partial, and the full indexes they replace are gone', async () => {
    const definitions =
      backend === 'sqlite'
        ? await sql<{
            name: string;
            definition: string;
          }>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'invitations'`.execute(store.db)
        : await sql<{
            name: string;
            definition: string;
          }>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'invitations' and schemaname = current_schema()`.execute(
            store.db,
          );
    const byName = new Map(definitions.rows.map((row) => [row.name, row.definition]));
    for (const name of PARTIAL) expect(byName.get(name), name).toMatch(/ where /i);
    // The scored attempts' index went with migration 020: a standing sums test_score_counts instead.
    for (const gone of ['invitations_deadline_idx', 'invitations_report_status_idx', 'invitations_test_scores_idx', 'invitations_scored_idx'])
      expect(byName.has(gone), gone).toBe(false);
  });
});

describe('DDL outside a transaction on SQLite', () => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
  });
  afterAll(() => dispose());

  // The reader's schema lags the writer's: a statement is classified on the writer, where it will run.
  it('creates an index under the name of one it just dropped', async () => {
    await store.db.schema.createIndex('orgs_scratch_idx').on('orgs').column('name').execute();
    await store.orgs.isEmpty(); // a read: the reader now knows the index
    await store.db.schema.dropIndex('orgs_scratch_idx').execute();
    await store.db.schema.createIndex('orgs_scratch_idx').on('orgs').columns(['email']).execute();
    const { rows } = await sql<{ definition: string }>`select sql as definition from sqlite_master where name = 'orgs_scratch_idx'`.execute(store.db);
    expect(rows[0]?.definition).toMatch(/"email"/);
  });
});
