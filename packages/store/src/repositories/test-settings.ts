import type { Kysely } from 'kysely';
import { TestSettings, defaultTestSettingsOf, type TestDefinition } from '@assay/domain';
import type { Database } from '../database.js';

/**
 * A test's settings (issue 52, migration 044): the stored object, or the defaults its definition implies when none
 * was ever set. The name always reads from the test itself (settings never rename a test: decision 883).
 */
export class TestSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Undefined when the org has no such test. */
  async get(orgId: number, testId: number): Promise<TestSettings | undefined> {
    const row = await this.db
      .selectFrom('tests')
      .select(['name', 'definition', 'settings'])
      .where('org_id', '=', orgId)
      .where('id', '=', testId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.settings === null) return defaultTestSettingsOf({ name: row.name, definition: JSON.parse(row.definition) as TestDefinition });
    const stored = TestSettings.parse(JSON.parse(row.settings));
    return { ...stored, testSettings: { ...stored.testSettings, testName: row.name } };
  }

  /** Writes the whole object (the domain's `checkTestSettings` first); undefined when the org has no such test. */
  async put(orgId: number, testId: number, settings: TestSettings): Promise<TestSettings | undefined> {
    const updated = await this.db
      .updateTable('tests')
      .set({ settings: JSON.stringify(TestSettings.parse(settings)) })
      .where('org_id', '=', orgId)
      .where('id', '=', testId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? this.get(orgId, testId) : undefined;
  }
}
