import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const question = { type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] };
const definition = TestDefinition.parse({
  testName: 'Report reads',
  sections: [
    { sectionName: 'First', sectionType: 'general', duration: 10, questions: [question] },
    { sectionName: 'Second', sectionType: 'general', duration: 10, questions: [question, question] },
    { sectionName: 'Third', sectionType: 'general', duration: 10, questions: [question] },
  ],
});

describe.each(['sqlite', 'postgres'] as const)('report reads on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;
  let testId: number;
  let invitationId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, 1)).id;
    testId = (await store.tests.importDefinition(orgId, definition, `key-${backend}`, 1)).testId;
    const registered = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: 'ada@example.com', email: 'ada@example.com', fullName: 'Ada', callbackUrl: null, redirectUrl: null },
      () => `token-${backend}`,
      2,
    );
    invitationId = registered.invitation.id;
    const sections = await store.tests.sections(testId);
    // Scored sections: the second and the third, written out of position order.
    await store.db
      .insertInto('section_results')
      .values([
        { invitation_id: invitationId, section_id: sections[2]!.id, score: 1.5 },
        { invitation_id: invitationId, section_id: sections[1]!.id, score: 6.25 },
      ])
      .execute();
  });
  afterAll(() => dispose());

  it('answers every section in order with its score (0 until scored), and the report with its test columns', async () => {
    expect(await store.reports.sections(orgId, invitationId)).toEqual([
      { sectionName: 'First', sectionScore: 4, candidateScore: 0 },
      { sectionName: 'Second', sectionScore: 8, candidateScore: 6.25 },
      { sectionName: 'Third', sectionScore: 4, candidateScore: 1.5 },
    ]);
    expect((await store.reports.report(orgId, invitationId))?.report).toMatchObject({
      emailId: 'ada@example.com',
      fullName: 'Ada',
      testName: 'Report reads',
      duration: 30,
      questions: 4,
      totalScore: '16',
      score: '0',
    });
  });

  it('answers another org’s invitation like an unknown one', async () => {
    expect(await store.reports.report(otherOrgId, invitationId)).toBeUndefined();
    expect(await store.reports.sections(otherOrgId, invitationId)).toBeUndefined();
    expect(await store.reports.report(orgId, invitationId + 1000)).toBeUndefined();
    expect(await store.reports.sections(orgId, invitationId + 1000)).toBeUndefined();
  });

  it('reads the invitation’s own columns on every call: a new score and status show at once', async () => {
    await store.db.updateTable('section_results').set({ score: 2 }).where('invitation_id', '=', invitationId).where('score', '=', 1.5).execute();
    await store.db.updateTable('invitations').set({ score: 8.25, status: 'Completed' }).where('id', '=', invitationId).execute();
    expect((await store.reports.sections(orgId, invitationId))?.map((entry) => entry.candidateScore)).toEqual([0, 6.25, 2]);
    expect((await store.reports.report(orgId, invitationId))?.report).toMatchObject({ score: '8.25', testStatus: 'Completed' });
  });
});

describe('report reads on SQLite', () => {
  it('read a test’s own columns and sections once per store (tests never change): not joined again on every call', async () => {
    const { store, dispose } = await openScratchStore('sqlite');
    try {
      const orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
      const testId = (await store.tests.importDefinition(orgId, definition, 'key-once', 1)).testId;
      const { invitation } = await store.invitations.register(
        { orgId, testId, testLinkId: null, emailKey: 'ada@example.com', email: 'ada@example.com', fullName: 'Ada', callbackUrl: null, redirectUrl: null },
        () => 'token-once',
        2,
      );
      const report = await store.reports.report(orgId, invitation.id);
      const sections = await store.reports.sections(orgId, invitation.id);
      // No route changes a test; written here behind the store's back, it shows whether the test was read again.
      await store.db.updateTable('tests').set({ name: 'Renamed' }).where('id', '=', testId).execute();
      await store.db.updateTable('sections').set({ name: 'Renamed' }).where('test_id', '=', testId).execute();
      expect(await store.reports.report(orgId, invitation.id)).toEqual(report);
      expect(await store.reports.sections(orgId, invitation.id)).toEqual(sections);
    } finally {
      await dispose();
    }
  });
});
