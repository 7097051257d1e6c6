import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandidateComparison,
  InvitationList,
  InvitationSummary,
  ItemAnalysis,
  PersonalData,
  ReportDetails,
  TestDetails,
  TestVersionList,
  TestVersionMade,
} from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { candidatesSheetOf } from './helpers/candidates-sheet.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const options = (correct: number) => ['A', 'B', 'C'].map((text, index) => ({ text, correct: index === correct }));
const question = (text: string, correct: number, key?: string, extra: Record<string, unknown> = {}) => ({
  type: 'single_choice',
  text,
  options: options(correct),
  ...(key === undefined ? {} : { key }),
  ...extra,
});
const definitionOf = (testName: string, duration: number, questions: unknown[]) => ({
  testName,
  sections: [{ sectionName: 'Only', sectionType: 'general', duration, questions }],
});
const first = definitionOf('Versions', 30, [question('What is 1 + 1?', 0, 'sum'), question('Pick B', 1, 'pick-b')]);
// Version 2: a reworded stem (same key), a new question, a longer duration and a new name.
const second = definitionOf('Versions (edited)', 45, [
  question('What is one plus one?', 0, 'sum'),
  question('Pick B', 1, 'pick-b'),
  question('Pick C', 2, 'pick-c'),
]);

/**
 * Issue 62 item 4: changing a test makes a new version; an attempt keeps the version it started with (questions,
 * durations, marks), one not started takes the current one, and reports, the version list and item analysis say which.
 */
describe.each(backends)('test versions on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let running: { invitationId: number; token: string };
  let waiting: { invitationId: number; token: string };
  let runningQuestions: number[];

  const push = (definition: unknown, id = testId, apiKey?: string) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${id}/versions`, body: definition, ...(apiKey === undefined ? {} : { apiKey }) });
  const details = async (invitationId: number) =>
    expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(first);
    running = await registerFor(h, testId, 'running@example.com');
    waiting = await registerFor(h, testId, 'waiting@example.com');
    runningQuestions = questionIdsOf(await candidate(h, running.token).client.start());
  }, 60_000);
  afterAll(() => h.close());

  it('makes version 2 of a changed test, and nothing of the same definition sent again', async () => {
    // Read (and kept, body and all) before the change: the change shows on the next read all the same.
    const names = async () =>
      expectSuccess<{ tests: TestDetails[] }>(await h.request({ method: 'GET', url: '/v2/org/tests' }))
        .tests.filter((entry) => entry.testName.startsWith('Versions'))
        .map((entry) => [entry.testId, entry.testName, entry.questions]);
    expect(await names()).toEqual([[testId, 'Versions', 2]]);
    expect(expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}` })).testName).toBe('Versions');
    expect(expectSuccess<TestVersionMade>(await push(second))).toEqual({ testId, version: 2, created: true });
    expect(await names()).toEqual([[testId, 'Versions (edited)', 3]]);
    expect(expectSuccess<TestVersionMade>(await push(second))).toEqual({ testId, version: 2, created: false });
    const test = expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}` }));
    expect(test).toMatchObject({ testId, testName: 'Versions (edited)', duration: 45, questions: 3 });
    const listed = expectSuccess<{ tests: TestDetails[] }>(await h.request({ method: 'GET', url: '/v2/org/tests' }));
    expect(listed.tests.filter((entry) => entry.testName.startsWith('Versions')).map((entry) => [entry.testId, entry.questions])).toEqual([[testId, 3]]);
  });

  it('leaves the running attempt on the version it started with, to its report', async () => {
    const api = candidate(h, running.token);
    const session = await api.client.session();
    expect(session.test).toMatchObject({ testName: 'Versions', duration: 30 });
    expect(questionIdsOf(session)).toEqual(runningQuestions);
    for (const questionId of runningQuestions) expectSuccess(await api.answer(questionId, { optionIds: [0] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const report = await details(running.invitationId);
    expect(report.test).toMatchObject({ testId, testName: 'Versions', duration: 30, version: 1 });
    expect(report.questions.map((entry) => entry.questionId)).toEqual(runningQuestions);
    expect(report.score).toMatchObject({ score: 1, maxScore: 2 });
  });

  it('gives an invitation not started yet the current version', async () => {
    const api = candidate(h, waiting.token);
    const started = await api.client.start();
    expect(started.test).toMatchObject({ testName: 'Versions (edited)', duration: 45 });
    const questions = questionIdsOf(started);
    expect(questions).toHaveLength(3);
    expect(questions.some((id) => runningQuestions.includes(id))).toBe(false);
    for (const questionId of questions) expectSuccess(await api.answer(questionId, { optionIds: [2] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    expect((await details(waiting.invitationId)).test).toMatchObject({ testId, version: 2 });
  });

  it('lists the versions with the attempts started on each', async () => {
    const list = expectSuccess<TestVersionList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions` }));
    expect(list.currentVersion).toBe(2);
    expect(list.versions.map(({ version, testName, questions, current, attempts }) => ({ version, testName, questions, current, attempts }))).toEqual([
      { version: 1, testName: 'Versions', questions: 2, current: false, attempts: 1 },
      { version: 2, testName: 'Versions (edited)', questions: 3, current: true, attempts: 1 },
    ]);
  });

  it("says each attempt's version in the workbook, the current version's section columns filled by place", async () => {
    const { rows } = await candidatesSheetOf(h, testId);
    expect([...rows.values()].map((row) => [row.testInvitationId, row.testVersion, row['Only score'], row.score])).toEqual([
      [running.invitationId, 1, 1, 1],
      [waiting.invitationId, 2, 1, 1],
    ]);
  });

  it('analyses items per version', async () => {
    const analysis = async (query = '') =>
      expectSuccess<ItemAnalysis>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis${query}` }));
    expect(await analysis()).toMatchObject({ testVersion: 2, scoredAttempts: 1 });
    expect((await analysis()).questions).toHaveLength(3);
    expect(await analysis('?version=1')).toMatchObject({ testVersion: 1, scoredAttempts: 1 });
    expect((await analysis('?version=1')).questions).toHaveLength(2);
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis?version=9` }), '404.2');
  });

  it('lists each attempt out of the version it took, in the list, its order by percent and the summary', async () => {
    const list = async (sort = '') =>
      expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${sort}` })).invitations.map(
        ({ testInvitationId, score, maxScore, percent }) => [testInvitationId, score, maxScore, percent],
      );
    // One right of version 1's two is 50 %; one right of version 2's three is 33.3 %, though both scored 1.
    expect(await list('?sort=percent')).toEqual([
      [waiting.invitationId, 1, 3, 33.33],
      [running.invitationId, 1, 2, 50],
    ]);
    expect((await list('?sort=-percent')).map(([id]) => id)).toEqual([running.invitationId, waiting.invitationId]);
    const summary = expectSuccess<InvitationSummary>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary` }));
    expect(summary.percent).toMatchObject({ min: 33.33, max: 50 });
  });

  it('compares attempts on two versions question by question, a kept key lining up under the current question', async () => {
    const compared = expectSuccess<CandidateComparison>(
      await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/compare?ids=${running.invitationId},${waiting.invitationId}` }),
    );
    expect(compared.questions).toHaveLength(3);
    // Version 1 asked "sum" (right) and "pick-b" (wrong), never "pick-c"; version 2's attempt got only "pick-c" right.
    expect(compared.candidates.map((entry) => entry.marks)).toEqual([
      [1, 0, null],
      [0, 0, 1],
    ]);
    expect(compared.candidates.map((entry) => entry.score)).toEqual([
      { score: 1, maxScore: 2, percent: 50 },
      { score: 1, maxScore: 3, percent: 33.3 },
    ]);
  });

  it('names each attempt by the version it took, and what is still to come by the current name', async () => {
    // The decision email of the attempt taken on version 1, and its personal-data export, say that version's name.
    expect(await h.store.candidateDecisions.emailSubject(running.invitationId)).toMatchObject({ testName: 'Versions' });
    const exported = async (emailId: string) =>
      expectSuccess<PersonalData>(await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId } })).invitations.map(
        (invitation) => invitation.testName,
      );
    expect(await exported('running@example.com')).toEqual(['Versions']);
    expect(await exported('waiting@example.com')).toEqual(['Versions (edited)']);
    // An invitation not started will take version 2: its reminder, its export and its unsubscribe page say so.
    const later = await registerFor(h, testId, 'later@example.com');
    expect(await h.store.reminders.subject(later.invitationId)).toMatchObject({ testName: 'Versions (edited)' });
    expect(await exported('later@example.com')).toEqual(['Versions (edited)']);
    const candidateId = (await h.store.invitations.find(h.org.orgId, later.invitationId))!.candidateId;
    expect(await h.store.reminders.candidate(candidateId)).toMatchObject({ testName: 'Versions (edited)' });
  });

  it('refuses a kept key whose question changed meaning, and a reimplements that names no dropped key (400.132)', async () => {
    const changed = definitionOf('Versions', 45, [question('What is one plus one?', 1, 'sum'), question('Pick B', 1, 'pick-b')]);
    expect(expectFailure(await push(changed), '400.132').result).toMatch(/sum .*reimplements: sum/);
    const unknown = definitionOf('Versions', 45, [question('Sum', 1, 'sum-2', { reimplements: 'nothing' })]);
    expect(expectFailure(await push(unknown), '400.132').result).toMatch(/reimplements nothing/);
    const kept = definitionOf('Versions', 45, [question('Sum', 0, 'sum'), question('Sum again', 1, 'sum-2', { reimplements: 'sum' })]);
    expect(expectFailure(await push(kept), '400.132').result).toMatch(/still has/);
    const reimplemented = definitionOf('Versions', 45, [
      question('What is one plus one?', 1, 'sum-2', { reimplements: 'sum' }),
      question('Pick B', 1, 'pick-b'),
    ]);
    expect(expectSuccess<TestVersionMade>(await push(reimplemented))).toMatchObject({ version: 3, created: true });
  });

  it('answers another org’s test and a version row’s own id like missing ones', async () => {
    const other = await h.createOrg('Other');
    expectFailure(await push(second, testId, other.apiKey), '404.2');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions`, apiKey: other.apiKey }), '404.2');
    const row = await h.store.tests.versionRow(h.org.orgId, testId, 2);
    expect(row).toBeGreaterThan(testId);
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${row}` }), '404.2');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${row}/versions` }), '404.2');
    expectFailure(await push(second, row!), '404.2');
  });
});
