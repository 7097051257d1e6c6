import type { Kysely } from 'kysely';
import {
  checkVersionKeys,
  ok,
  type Result,
  type RetiredQuestion,
  retirementNoteOf,
  type TestDefinition,
  type TestVersionList,
  type TestVersionMade,
} from '@assay/domain';
import type { Dialect } from '../engine/connect.js';
import { inTransaction } from '../engine/transaction-steps.js';
import type { Database } from '../database.js';
import { markRetired } from './question-exposures.js';
import { insertTestContent } from './test-content-writes.js';

/**
 * A change to a test is a new version (issue 62 item 4; decisions 1485–1490): a new row with its own sections and
 * questions, named by the test's first row, which then points at it. Nothing already stored changes: an attempt keeps
 * the rows it started on, and one not started yet follows the current version. The same definition as the current
 * version makes nothing (a file pushed again). Undefined: the org has no such test.
 */
export const addTestVersion = (
  db: Kysely<Database>,
  dialect: Dialect,
  change: { orgId: number; testId: number; definition: TestDefinition; now: number; retired?: readonly RetiredQuestion[] },
): Promise<Result<TestVersionMade> | undefined> =>
  inTransaction(db, async (trx) => {
    const { orgId, testId, definition, now, retired = [] } = change;
    // Versions of one org queue on its row, as imports do, for the next version number and the next free position.
    if (dialect === 'postgres') await trx.selectFrom('orgs').select('id').where('id', '=', orgId).forUpdate().execute();
    const first = await trx
      .selectFrom('tests')
      .leftJoin('tests as current', 'current.id', 'tests.current_version_id')
      .select(['tests.access_key', 'tests.definition as firstDefinition', 'current.definition as currentDefinition'])
      .select((eb) => eb.fn.coalesce('current.version', 'tests.version').as('version'))
      .where('tests.org_id', '=', orgId)
      .where('tests.id', '=', testId)
      .where('tests.lineage_id', 'is', null)
      .executeTakeFirst();
    if (!first) return undefined;
    const currentDefinition = first.currentDefinition ?? first.firstDefinition;
    const version = Number(first.version);
    if (JSON.stringify(definition) === currentDefinition) return ok({ testId, version, created: false });
    // A retirement only drops questions of the current version: its keys, and what they `reimplements`, stay as they were.
    const keys = retired.length === 0 ? checkVersionKeys(JSON.parse(currentDefinition) as TestDefinition, definition) : ok(true);
    if (keys.err) return keys;
    const [lowest] = await trx
      .selectFrom('tests')
      .select((eb) => eb.fn.min('org_position').as('position'))
      .where('org_id', '=', orgId)
      .execute();
    const next = version + 1;
    // A version's row takes a negative place: never on a page of the list, never counted (the count is the highest).
    const orgPosition = Math.min(Number(lowest?.position ?? 0), 0) - 1;
    const { test } = await insertTestContent(
      trx,
      {
        orgId,
        accessKey: `${first.access_key}.v${next}`,
        orgPosition,
        lineageId: testId,
        version: next,
        ...(retired.length === 0 ? {} : { versionNote: retirementNoteOf(retired) }),
      },
      definition,
      now,
    );
    await trx.updateTable('tests').set({ current_version_id: test.id }).where('id', '=', testId).execute();
    // A retirement is said where the count is kept, with the version that made it: one transaction.
    await markRetired(trx, testId, retired, now);
    return ok({ testId, version: next, created: true });
  });

/** The test's versions, oldest first, with the attempts started on each; undefined: the org has no such test. */
export const testVersionsOf = async (db: Kysely<Database>, orgId: number, testId: number): Promise<TestVersionList | undefined> => {
  const rows = await db
    .selectFrom('tests')
    .select(['id', 'version', 'name', 'duration', 'question_count', 'total_marks', 'status', 'created_at', 'lineage_id', 'current_version_id', 'version_note'])
    .select((eb) =>
      eb
        .selectFrom('invitations')
        .select((invitations) => invitations.fn.countAll<number>().as('attempts'))
        .whereRef('invitations.version_test_id', '=', 'tests.id')
        .as('attempts'),
    )
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb.and([eb('id', '=', testId), eb('lineage_id', 'is', null)]), eb('lineage_id', '=', testId)]))
    .orderBy('version')
    .execute();
  const first = rows.find((row) => row.lineage_id === null);
  if (!first) return undefined;
  const currentId = first.current_version_id ?? first.id;
  const versions = rows.map((row) => ({
    version: row.version,
    testName: row.name,
    duration: row.duration,
    questions: row.question_count,
    totalMarks: Number(row.total_marks),
    testStatus: row.status as TestVersionList['versions'][number]['testStatus'],
    createdAt: new Date(Number(row.created_at)).toISOString(),
    current: row.id === currentId,
    attempts: Number(row.attempts ?? 0),
    madeFor: row.version_note,
  }));
  return { testId, currentVersion: versions.find((version) => version.current)?.version ?? 1, versions };
};

/** The row of the test's version `version`; undefined: the org has no such test, or it has no such version. */
export const versionRowOf = async (db: Kysely<Database>, orgId: number, testId: number, version: number): Promise<number | undefined> => {
  const row = await db
    .selectFrom('tests')
    .select('id')
    .where('org_id', '=', orgId)
    .where('version', '=', version)
    .where((eb) => eb.or([eb.and([eb('id', '=', testId), eb('lineage_id', 'is', null)]), eb('lineage_id', '=', testId)]))
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
};

/** The definition of the test's current version, as stored (defaults filled in); undefined: the org has no such test. */
export const currentDefinitionOf = async (db: Kysely<Database>, orgId: number, testId: number): Promise<TestDefinition | undefined> => {
  const row = await db
    .selectFrom('tests')
    .leftJoin('tests as current', 'current.id', 'tests.current_version_id')
    .select((eb) => eb.fn.coalesce('current.definition', 'tests.definition').as('definition'))
    .where('tests.org_id', '=', orgId)
    .where('tests.id', '=', testId)
    .where('tests.lineage_id', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.definition) as TestDefinition);
};
