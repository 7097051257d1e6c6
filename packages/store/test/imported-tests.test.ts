import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';
import { ImportedTests } from '../src/repositories/imported-tests.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const question = { type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] };
const definition = TestDefinition.parse({
  testName: 'Kept facts',
  sections: [
    { sectionName: 'First', sectionType: 'general', duration: 10, questions: [question] },
    { sectionName: 'Second', sectionType: 'general', duration: 20, questions: [question, question] },
  ],
});

/** What the candidate side and the report say of one test: the same facts, named each side's way. */
const sameTest = (record: { name: string; duration: number; questionCount: number }, report: { testName: string; duration: number; questions: number }) =>
  expect({ name: record.name, duration: record.duration, questions: record.questionCount }).toEqual({
    name: report.testName,
    duration: report.duration,
    questions: report.questions,
  });

describe.each(['sqlite', 'postgres'] as const)('the kept facts of imported tests on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;
  let testId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, 1)).id;
    testId = (await store.tests.importDefinition(orgId, definition, `key-${backend}`, 1)).testId;
  });
  afterAll(() => dispose());

  it('never serves a test to another org, whether it was kept first by its own org or asked for first by the other', async () => {
    const keptByOwner = new ImportedTests();
    expect(await keptByOwner.record(store.db, orgId, testId)).toMatchObject({ id: testId, orgId, name: 'Kept facts' });
    expect(await keptByOwner.report(store.db, orgId, testId)).toMatchObject({ testName: 'Kept facts', totalMarks: 12 });
    expect(await keptByOwner.record(store.db, otherOrgId, testId)).toBeUndefined();
    expect(await keptByOwner.report(store.db, otherOrgId, testId)).toBeUndefined();

    const askedByOther = new ImportedTests();
    expect(await askedByOther.report(store.db, otherOrgId, testId)).toBeUndefined();
    expect(await askedByOther.record(store.db, otherOrgId, testId)).toBeUndefined();
    expect(await askedByOther.record(store.db, orgId, testId)).toMatchObject({ id: testId, orgId });
    expect(await askedByOther.report(store.db, orgId, testId)).toMatchObject({ testName: 'Kept facts' });

    // An id no test has answers like another org's.
    expect(await askedByOther.record(store.db, orgId, testId + 1000)).toBeUndefined();
    expect(await askedByOther.report(store.db, orgId, testId + 1000)).toBeUndefined();
  });

  it('answers the record and the report from one read of the test: the two views never disagree', async () => {
    const kept = new ImportedTests();
    const report = await kept.report(store.db, orgId, testId);
    // No route changes a test; changed here behind the cache's back, it shows whether a view read it again.
    await store.db.updateTable('tests').set({ name: 'Renamed', duration: 1 }).where('id', '=', testId).execute();
    try {
      const record = await kept.record(store.db, orgId, testId);
      sameTest(record!, report!);
      expect(record?.name).toBe('Kept facts');
    } finally {
      await store.db.updateTable('tests').set({ name: 'Kept facts', duration: 30 }).where('id', '=', testId).execute();
    }
  });

  it('keeps questions in the candidate’s order, frozen, the same array for every caller', async () => {
    const kept = new ImportedTests();
    const questions = await kept.questions(store.db, testId);
    expect(questions).toHaveLength(3);
    expect(Object.isFrozen(questions)).toBe(true);
    expect(await kept.questions(store.db, testId)).toBe(questions);
    // Keeping questions keeps the test's other views with them.
    expect(await kept.record(store.db, orgId, testId)).toMatchObject({ questionCount: 3 });
    expect(await kept.report(store.db, otherOrgId, testId)).toBeUndefined();
  });
});

describe('the kept facts of imported tests, through the store on SQLite', () => {
  it("the candidate's test and its report agree, however the test's row changed after one of them was read", async () => {
    const { store, dispose } = await openScratchStore('sqlite');
    try {
      const orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
      const testId = (await store.tests.importDefinition(orgId, definition, 'key-views', 1)).testId;
      const { invitation } = await store.invitations.register(
        { orgId, testId, testLinkId: null, emailKey: 'ada@example.com', email: 'ada@example.com', fullName: 'Ada', callbackUrl: null, redirectUrl: null },
        () => 'token-views',
        2,
      );
      const report = (await store.reports.report(orgId, invitation.id))!.report;
      await store.db.updateTable('tests').set({ name: 'Renamed', duration: 1 }).where('id', '=', testId).execute();
      const context = await store.attempts.findByToken('token-views');
      sameTest(context!.test, report);
    } finally {
      await dispose();
    }
  });
});
