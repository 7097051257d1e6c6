import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../src/engine/connect.js';
import { openStore, type Store } from '../src/index.js';
import { oneQuestionTest } from './fixtures.js';

/** Two stores on one database, as two server instances are: a SQLite file both open, or one PostgreSQL schema. */
const openTwoInstances = async (backend: 'sqlite' | 'postgres'): Promise<{ here: Store; there: Store; dispose: () => Promise<void> }> => {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'assay-summaries-'));
    const url = `sqlite:${join(dir, 'assay.db')}`;
    const here = await openStore(url);
    const there = await openStore(url);
    return {
      here,
      there,
      dispose: async () => {
        await Promise.all([here.close(), there.close()]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pgUrl = inject('pgUrl');
  const pgSchema = `scratch_${randomUUID().replaceAll('-', '')}`;
  const here = await openStore(pgUrl, { pgPoolSize: 3, pgSchema });
  const there = await openStore(pgUrl, { pgPoolSize: 3, pgSchema });
  return {
    here,
    there,
    dispose: async () => {
      await Promise.all([here.close(), there.close()]);
      const { db } = connect(pgUrl, { pgPoolSize: 1 });
      try {
        await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(db);
      } finally {
        await db.destroy();
      }
    },
  };
};

describe.each(['sqlite', 'postgres'] as const)('test summaries on %s', (backend) => {
  let here: Store;
  let there: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;
  let keys = 0;

  const importNamed = (store: Store, org: number, name: string) => store.tests.importDefinition(org, oneQuestionTest(name), `key-${backend}-${(keys += 1)}`, 1);
  const names = async (store: Store, size: number, offset: number) => {
    const page = await store.tests.list(orgId, size, offset);
    return { names: page.tests.map((test) => test.testName), count: page.testsCount };
  };

  beforeAll(async () => {
    ({ here, there, dispose } = await openTwoInstances(backend));
    orgId = (await here.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
    otherOrgId = (await here.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, 1)).id;
  });
  afterAll(() => dispose());

  it('keeps no definition for a summary: the test a route looks up carries the summary columns only', async () => {
    const { testId } = await importNamed(here, orgId, 'First');
    const found = await here.tests.find(orgId, testId);
    expect(found).toEqual({
      id: testId,
      name: 'First',
      access_key: expect.any(String),
      duration: 10,
      question_count: 1,
      status: 'Active',
      content_id: testId,
      version: 1,
    });
    expect(found).not.toHaveProperty('definition');
    // Another org's id answers like an unknown one, kept or not.
    expect(await here.tests.find(otherOrgId, testId)).toBeUndefined();
    expect(await here.tests.details(otherOrgId, testId)).toBeUndefined();
    expect((await here.tests.details(orgId, testId))?.testName).toBe('First');
  });

  it('grows a partial page after an import, on the instance that imported and on another one', async () => {
    expect(await names(here, 3, 0)).toEqual({ names: ['First'], count: 1 });
    expect(await names(there, 3, 0)).toEqual({ names: ['First'], count: 1 });
    await importNamed(there, orgId, 'Second');
    expect(await names(here, 3, 0)).toEqual({ names: ['First', 'Second'], count: 2 });
    expect(await names(there, 3, 0)).toEqual({ names: ['First', 'Second'], count: 2 });
    await importNamed(here, orgId, 'Third');
    await importNamed(here, orgId, 'Fourth');
    expect(await names(there, 3, 0)).toEqual({ names: ['First', 'Second', 'Third'], count: 4 });
    expect(await names(there, 3, 3)).toEqual({ names: ['Fourth'], count: 4 });
    // Past the end, then no longer past it once the org has grown.
    expect(await names(here, 3, 6)).toEqual({ names: [], count: 4 });
    for (const name of ['Fifth', 'Sixth', 'Seventh']) await importNamed(there, orgId, name);
    expect(await names(here, 3, 6)).toEqual({ names: ['Seventh'], count: 7 });
    expect(await names(here, 3, 3)).toEqual({ names: ['Fourth', 'Fifth', 'Sixth'], count: 7 });
  });

  it("shows another instance's new version on the list at once, and in a kept test within its life (decision 1488)", async () => {
    const fresh = (await here.orgs.create({ name: 'Versioned', email: 'versioned@example.com', timeZoneId: 1000 }, 1)).id;
    const { testId } = await importNamed(here, fresh, 'Version one');
    expect((await here.tests.list(fresh, 20, 0)).tests.map((test) => test.testName)).toEqual(['Version one']);
    expect((await here.tests.find(fresh, testId))?.name).toBe('Version one');
    expect(await there.tests.addVersion(fresh, testId, oneQuestionTest('Version two'), 2)).toEqual({ val: { testId, version: 2, created: true } });
    const page = await here.tests.list(fresh, 20, 0);
    expect(page.tests.map((test) => [test.testId, test.testName])).toEqual([[testId, 'Version two']]);
    expect(page.testsCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await here.tests.find(fresh, testId)).toMatchObject({ id: testId, name: 'Version two', version: 2 });
    expect((await there.tests.find(fresh, testId))?.content_id).toBe(await here.tests.currentContentId(fresh, testId));
    // Importing the same definition again names the test, not its version's row.
    expect((await importNamed(here, fresh, 'Version two')).sameContentAs).toBe(testId);
  });

  it("never answers another org's page from a kept one", async () => {
    expect((await here.tests.list(otherOrgId, 3, 0)).tests).toEqual([]);
    await importNamed(there, otherOrgId, 'Theirs');
    const theirs = await here.tests.list(otherOrgId, 3, 0);
    expect({ names: theirs.tests.map((test) => test.testName), count: theirs.testsCount }).toEqual({ names: ['Theirs'], count: 1 });
    expect((await names(here, 3, 0)).names).toEqual(['First', 'Second', 'Third']);
  });

  it('reads a kept partial page once while the count stays (tests never change once imported)', async () => {
    const fresh = (await here.orgs.create({ name: 'Fresh', email: 'fresh@example.com', timeZoneId: 1000 }, 1)).id;
    await importNamed(here, fresh, 'Only one');
    expect((await here.tests.list(fresh, 20, 0)).tests.map((test) => test.testName)).toEqual(['Only one']);
    // No route renames a test; renamed behind the store's back, the kept page shows the page as first read.
    await here.db.updateTable('tests').set({ name: 'Renamed' }).where('org_id', '=', fresh).execute();
    expect((await here.tests.list(fresh, 20, 0)).tests.map((test) => test.testName)).toEqual(['Only one']);
    // A new import grows the count: the page is read again, rename and all.
    await importNamed(here, fresh, 'Second one');
    expect((await here.tests.list(fresh, 20, 0)).tests.map((test) => test.testName)).toEqual(['Renamed', 'Second one']);
  });

  it("reads a test's definition once for the attempts of its candidates, on the store and in its transactions", async () => {
    const { testId } = await importNamed(here, orgId, 'Described');
    const registration = {
      orgId,
      testId,
      testLinkId: null,
      emailKey: 'ada@example.com',
      email: 'ada@example.com',
      fullName: 'Ada',
      callbackUrl: null,
      redirectUrl: null,
    };
    const { invitation } = await here.invitations.register(registration, () => `token-${backend}-described`, 2);
    expect((await here.attempts.findByToken(invitation.token))?.test).toMatchObject({ id: testId, name: 'Described', description: '' });
    // No route changes a definition; changed behind the store's back, the record read first is the one kept.
    await here.db
      .updateTable('tests')
      .set({ definition: JSON.stringify({ ...oneQuestionTest('Described'), description: 'Changed' }) })
      .where('id', '=', testId)
      .execute();
    expect((await here.attempts.findById(invitation.id))?.test.description).toBe('');
    expect(await here.transaction(async (repositories) => (await repositories.attempts.findById(invitation.id))?.test.description)).toBe('');
    // Another instance reads it for itself.
    expect((await there.attempts.findById(invitation.id))?.test.description).toBe('Changed');
  });

  it("reads a test's questions once for every answer saved and every session, frozen, on the store and in its transactions", async () => {
    const { testId } = await importNamed(here, orgId, 'Questioned');
    const first = await here.attempts.questions(testId);
    expect(first.map((question) => question.definition.text)).toEqual(['Pick one']);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    // No route changes a question; changed behind the store's back, the questions read first are the ones kept.
    const changed = JSON.stringify({ ...first[0]?.definition, text: 'Changed' });
    await here.db.updateTable('questions').set({ body: changed }).where('test_id', '=', testId).execute();
    expect((await here.attempts.questions(testId)).map((question) => question.definition.text)).toEqual(['Pick one']);
    expect(await here.transaction(async (repositories) => (await repositories.attempts.questions(testId))[0]?.definition.text)).toBe('Pick one');
    // Another instance reads them for itself; another test's questions are its own.
    expect((await there.attempts.questions(testId))[0]?.definition.text).toBe('Changed');
    const other = await importNamed(here, orgId, 'Other questions');
    expect((await here.attempts.questions(other.testId))[0]?.definition.text).toBe('Pick one');
  });
});
