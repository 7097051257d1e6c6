import type { Kysely } from 'kysely';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import { compilesForSqlite, writeAlone } from '../engine/transaction-steps.js';
import type { AccessTime, TestLink, TestLinkSettings, TestLinkStatus } from '@assay/domain';
import type { Database, TestLinkRow } from '../database.js';

export const toTestLink = (row: TestLinkRow): TestLink => ({
  testLinkId: row.id,
  testId: row.test_id,
  testLinkName: row.name,
  testLinkAccessKey: row.access_key,
  accessTime: row.access_time as AccessTime,
  startDateTime: row.start_date_time,
  endDateTime: row.end_date_time,
  timeZoneId: row.time_zone_id,
  inviteCandidateOnly: row.invite_only,
  imageProctoring: row.image_proctoring,
  emailToStakeholder: row.email_to_stakeholder,
  testLinkStatus: row.status as TestLinkStatus,
});

export const settingsOf = (link: TestLink): TestLinkSettings => ({
  testLinkName: link.testLinkName,
  accessTime: link.accessTime,
  startDateTime: link.startDateTime,
  endDateTime: link.endDateTime,
  timeZoneId: link.timeZoneId,
  inviteCandidateOnly: link.inviteCandidateOnly === 1 ? 1 : 0,
  imageProctoring: link.imageProctoring === 1 ? 1 : 0,
  emailToStakeholder: link.emailToStakeholder,
  testLinkStatus: link.testLinkStatus,
});

const columnsOf = (settings: TestLinkSettings) => ({
  name: settings.testLinkName,
  access_time: settings.accessTime,
  start_date_time: settings.startDateTime,
  end_date_time: settings.endDateTime,
  time_zone_id: settings.timeZoneId,
  invite_only: settings.inviteCandidateOnly,
  image_proctoring: settings.imageProctoring,
  email_to_stakeholder: settings.emailToStakeholder,
  status: settings.testLinkStatus,
});

type SettingsColumns = ReturnType<typeof columnsOf>;
const SETTINGS_COLUMNS = Object.keys(columnsOf({} as TestLinkSettings)) as Array<keyof SettingsColumns>;

/**
 * A new link, built once: Kysely building this insert took longer than SQLite running it. Every column is a value it
 * writes, so on SQLite it returns nothing (RETURNING made SQLite fill and read back a temporary table, and a row of
 * 15 keys for JavaScript): the row is built from the values and the new id.
 */
const insertTestLink = compileOnce((db: Kysely<Database>) => {
  const insert = db.insertInto('test_links').values({
    org_id: parameter('orgId'),
    test_id: parameter('testId'),
    access_key: parameter('accessKey'),
    ...(Object.fromEntries(SETTINGS_COLUMNS.map((column) => [column, parameter(column)])) as SettingsColumns),
    created_at: parameter('now'),
    updated_at: parameter('now'),
  });
  return compilesForSqlite(db) ? insert : insert.returningAll();
});

export class TestLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(orgId: number, testId: number, settings: TestLinkSettings, accessKey: string, now: number): Promise<TestLink> {
    const columns = columnsOf(settings);
    const { rows, lastInsertId } = await writeAlone(this.db, insertTestLink.bound(this.db, { orgId, testId, accessKey, now, ...columns }));
    const row: TestLinkRow | undefined =
      (rows[0] as TestLinkRow | undefined) ??
      (lastInsertId === undefined
        ? undefined
        : { id: lastInsertId, org_id: orgId, test_id: testId, access_key: accessKey, created_at: now, updated_at: now, reminder_hours: null, ...columns });
    if (!row) throw new Error(`test link on test ${testId} was not stored`);
    return toTestLink(row);
  }

  async update(orgId: number, testId: number, testLinkId: number, settings: TestLinkSettings, now: number): Promise<TestLink | undefined> {
    const row = await this.db
      .updateTable('test_links')
      .set({ ...columnsOf(settings), updated_at: now })
      .where('org_id', '=', orgId)
      .where('test_id', '=', testId)
      .where('id', '=', testLinkId)
      .returningAll()
      .executeTakeFirst();
    return row && toTestLink(row);
  }

  async find(orgId: number, testId: number, testLinkId: number): Promise<TestLink | undefined> {
    const row = await this.db
      .selectFrom('test_links')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('test_id', '=', testId)
      .where('id', '=', testLinkId)
      .executeTakeFirst();
    return row && toTestLink(row);
  }

  async list(orgId: number, testId: number): Promise<TestLink[]> {
    const rows = await this.db.selectFrom('test_links').selectAll().where('org_id', '=', orgId).where('test_id', '=', testId).orderBy('id').execute();
    return rows.map(toTestLink);
  }

  /** A public link by its access key, with the org that owns it (candidate self-registration). */
  async findByAccessKey(accessKey: string): Promise<{ orgId: number; link: TestLink } | undefined> {
    const row = await this.db.selectFrom('test_links').selectAll().where('access_key', '=', accessKey).executeTakeFirst();
    return row && { orgId: row.org_id, link: toTestLink(row) };
  }
}
