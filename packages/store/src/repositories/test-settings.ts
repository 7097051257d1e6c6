import type { Kysely } from 'kysely';
import { TestSettings, defaultAiSettingsOf, defaultTestSettingsOf, withAiSettings, type SettingsSubject, type TestDefinition } from '@assay/domain';
import type { Database } from '../database.js';

/** Whether a test's stored settings column makes it a practice test (never set: it is not; decision 961). */
export const isPracticeOfStored = (settings: string | null): boolean => settings !== null && TestSettings.parse(JSON.parse(settings)).testSettings.practiceTest;

/**
 * The test's name and definition as its current version has them (issue 62 item 4): the settings belong to the test,
 * the defaults they fall back to follow what candidates starting now are given. A version's own row is not a test.
 */
const currentDefinitionOf = (db: Kysely<Database>, orgId: number, testId: number) =>
  db
    .selectFrom('tests')
    .leftJoin('tests as current', 'current.id', 'tests.current_version_id')
    .select((eb) => [eb.fn.coalesce('current.name', 'tests.name').as('name'), eb.fn.coalesce('current.definition', 'tests.definition').as('definition')])
    .where('tests.org_id', '=', orgId)
    .where('tests.id', '=', testId)
    .where('tests.lineage_id', 'is', null);

/**
 * A test's settings (issue 52, migration 044): the stored object, or the defaults its definition implies when none
 * was ever set. The name always reads from the test itself (settings never rename a test: decision 883).
 */
export class TestSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Undefined when the org has no such test. */
  async get(orgId: number, testId: number): Promise<TestSettings | undefined> {
    const row = await currentDefinitionOf(this.db, orgId, testId).select('tests.settings').executeTakeFirst();
    if (!row) return undefined;
    const definition = JSON.parse(row.definition) as TestDefinition;
    if (row.settings === null) return defaultTestSettingsOf({ name: row.name, definition });
    const stored = withAiSettings(TestSettings.parse(JSON.parse(row.settings)), defaultAiSettingsOf(definition));
    return { ...stored, testSettings: { ...stored.testSettings, testName: row.name } };
  }

  /** The test a settings change is checked against (its name and its sections' own AI policies); undefined: no such test. */
  async subject(orgId: number, testId: number): Promise<SettingsSubject | undefined> {
    const row = await currentDefinitionOf(this.db, orgId, testId).executeTakeFirst();
    if (!row) return undefined;
    const definition = JSON.parse(row.definition) as TestDefinition;
    return { name: row.name, sections: definition.sections.map((section) => ({ aiPolicy: section.aiPolicy })) };
  }

  /**
   * The settings as stored, null when none were ever set (undefined: no such test): an attempt's start folds the
   * stored shuffle choice into its seed, while a test without settings keeps its sections' own flags (decision 959).
   */
  async stored(orgId: number, testId: number): Promise<TestSettings | null | undefined> {
    const row = await this.db
      .selectFrom('tests')
      .select(['settings'])
      .where('org_id', '=', orgId)
      .where('id', '=', testId)
      .where('lineage_id', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.settings === null ? null : TestSettings.parse(JSON.parse(row.settings));
  }

  /**
   * Writes the whole object (the domain's `checkTestSettings` first); undefined when the org has no such test. Left
   * out, the AI group keeps what the test had (decision 993: v3 clients send iMocha's groups only).
   */
  async put(orgId: number, testId: number, settings: TestSettings): Promise<TestSettings | undefined> {
    const current = settings.aiSettings === undefined ? await this.get(orgId, testId) : undefined;
    const whole = current?.aiSettings === undefined ? settings : { ...settings, aiSettings: current.aiSettings };
    const updated = await this.db
      .updateTable('tests')
      .set({ settings: JSON.stringify(TestSettings.parse(whole)) })
      .where('org_id', '=', orgId)
      .where('id', '=', testId)
      .where('lineage_id', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? this.get(orgId, testId) : undefined;
  }

  /**
   * The alias candidates see (`testAliasName`) of each of the org's tests named, null when none was set: one read of
   * the stored settings only, for a page of v3's test list (decision 889), without parsing any definition.
   */
  async aliases(orgId: number, testIds: readonly number[]): Promise<Map<number, string | null>> {
    const aliases = new Map<number, string | null>(testIds.map((testId) => [testId, null]));
    if (testIds.length === 0) return aliases;
    const rows = await this.db
      .selectFrom('tests')
      .select(['id', 'settings'])
      .where('org_id', '=', orgId)
      .where('id', 'in', [...testIds])
      .where('settings', 'is not', null)
      .execute();
    for (const row of rows) aliases.set(row.id, TestSettings.parse(JSON.parse(row.settings as string)).testSettings.testAliasName);
    return aliases;
  }
}
