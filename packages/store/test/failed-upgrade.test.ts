import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect, knownMigrations, openStore } from '../src/index.js';

/**
 * Decision 1350: every pending step runs in one `migrateToLatest` call. On PostgreSQL (transactional DDL) the steps of
 * one start commit together, so an upgrade that fails leaves the database as it was; SQLite keeps the steps before the
 * failing one and resumes from it. Here a database "at 056" is upgraded while 058's table is in the way.
 */
// biome-ignore lint/suspicious/noExplicitAny: read with raw SQL, over any store's connection
const applied = async (db: Kysely<any>, table: string): Promise<string[]> => {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(db);
  return rows.map((row) => row.name);
};
// biome-ignore lint/suspicious/noExplicitAny: read with raw SQL, over any store's connection
const hasTable = async (db: Kysely<any>, dialect: 'sqlite' | 'postgres', schema: string, table: string) => {
  const { rows } =
    dialect === 'postgres'
      ? await sql`select 1 from information_schema.tables where table_schema = ${schema} and table_name = ${table}`.execute(db)
      : await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return rows.length > 0;
};

describe.each(['sqlite', 'postgres'] as const)('an upgrade whose step fails, on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-upgrade-'));
  const schema = `upgrade_${randomUUID().replaceAll('-', '')}`;
  const url = dialect === 'sqlite' ? `sqlite:${join(dir, 'assay.db')}` : inject('pgUrl');
  const options = dialect === 'postgres' ? { pgSchema: schema, pgPoolSize: 1 } : {};
  const migrationTable = dialect === 'postgres' ? `${schema}.kysely_migration` : 'kysely_migration';
  const aiChecks = dialect === 'postgres' ? `${schema}.ai_checks` : 'ai_checks';
  const followUps = dialect === 'postgres' ? `${schema}.follow_ups` : 'follow_ups';
  const reportShares = dialect === 'postgres' ? `${schema}.report_shares` : 'report_shares';
  const testPreviews = dialect === 'postgres' ? `${schema}.test_previews` : 'test_previews';
  const orgs = dialect === 'postgres' ? `${schema}.orgs` : 'orgs';
  const tests = dialect === 'postgres' ? `${schema}.tests` : 'tests';
  const invitations = dialect === 'postgres' ? `${schema}.invitations` : 'invitations';
  const sections = dialect === 'postgres' ? `${schema}.sections` : 'sections';
  const questionExposures = dialect === 'postgres' ? `${schema}.question_exposures` : 'question_exposures';
  const lineageIndex = dialect === 'postgres' ? `${schema}.tests_lineage_idx` : 'tests_lineage_idx';
  const admin = connect(url, { pgPoolSize: 1 });

  afterAll(async () => {
    if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the failing step, and keeps what the dialect can keep', async () => {
    await (await openStore(url, options)).close();
    // Back to 056: 057's table and the rows from 057 on gone; 058's table left in the way of its own step.
    await sql`drop table ${sql.table(testPreviews)}`.execute(admin.db);
    await sql`drop table ${sql.table(questionExposures)}`.execute(admin.db);
    await sql`alter table ${sql.table(sections)} drop column exposure_cap`.execute(admin.db);
    await sql`alter table ${sql.table(tests)} drop column version_note`.execute(admin.db);
    await sql`drop table ${sql.table(reportShares)}`.execute(admin.db);
    await sql`drop table ${sql.table(aiChecks)}`.execute(admin.db);
    await sql`alter table ${sql.table(orgs)} drop column default_deadline_days`.execute(admin.db);
    await sql`alter table ${sql.table(orgs)} drop column remind_after_days`.execute(admin.db);
    await sql`alter table ${sql.table(orgs)} drop column decision_emails`.execute(admin.db);
    await sql`drop index ${sql.table(lineageIndex)}`.execute(admin.db);
    for (const column of ['lineage_id', 'version', 'current_version_id'])
      await sql`alter table ${sql.table(tests)} drop column ${sql.id(column)}`.execute(admin.db);
    await sql`alter table ${sql.table(invitations)} drop column version_test_id`.execute(admin.db);
    await sql`delete from ${sql.table(migrationTable)} where name in ('057-ai-checks', '058-follow-ups', '060-invitation-defaults', '061-decision-emails', '062-report-shares', '063-test-versions', '064-test-previews', '065-question-exposures')`.execute(
      admin.db,
    );

    await expect(openStore(url, options)).rejects.toThrow(/database migration 058-follow-ups failed/);
    const after = await applied(admin.db, migrationTable);
    if (dialect === 'postgres') {
      expect(after.at(-1)).toBe('056-ai-use-evidence');
      expect(await hasTable(admin.db, dialect, schema, 'ai_checks')).toBe(false);
    } else {
      expect(after.at(-1)).toBe('057-ai-checks');
      expect(await hasTable(admin.db, dialect, schema, 'ai_checks')).toBe(true);
    }

    // Out of the way, the next start finishes the upgrade.
    await sql`drop table ${sql.table(followUps)}`.execute(admin.db);
    const logged: string[] = [];
    const store = await openStore(url, { ...options, migrationLog: (message) => logged.push(message) });
    await store.close();
    expect(await applied(admin.db, migrationTable)).toEqual(knownMigrations(dialect));
    expect(logged.at(-1)).toMatch(/^database migrated: \d step\(s\), now at 065-question-exposures$/);
    expect(logged.filter((line) => /^migrating: 058-follow-ups done in \d+ ms$/.test(line))).toHaveLength(1);
  });
});
