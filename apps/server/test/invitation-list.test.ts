import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationList, InvitationListRow } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);

/** A choice (1 mark), a short answer reviewed when unmatched (2) and an essay (5): 8 in all. */
const writtenTest = {
  testName: 'Listed',
  sections: [
    {
      sectionName: 'Written',
      sectionType: 'general',
      duration: 20,
      questions: [
        { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] },
        { type: 'short_answer', text: 'Capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }], reviewUnmatched: true },
        { type: 'free_text', text: 'Explain your approach.', marks: 5 },
      ],
    },
  ],
};

describe.each(backends)("a test's invitations as a list (issue 48 item 9) on %s", (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;
  /** ada: graded, final 8; grace: provisional 3 (her essay awaits); alan: provisional 1 (short answer and essay await); emmy: pending. */
  const ids = { ada: 0, grace: 0, alan: 0, emmy: 0 };
  let graceEssay = 0;

  const take = async (email: string, fullName: string, short: string) => {
    const { token, invitationId } = await registerFor(h, testId, email, { fullName });
    const api = candidate(h, token);
    const [single, shortId, free] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.answer(shortId!, { text: short }));
    expectSuccess(await api.answer(free!, { text: 'I would sort first.' }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    return { invitationId, free: free! };
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    const ada = await take('ada@example.com', 'Ada Lovelace', 'Paris');
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ada.invitationId}/grades/${ada.free}`, body: { marks: 5 } }));
    ids.ada = ada.invitationId;
    clock.set(START + 60_000);
    const grace = await take('grace@example.com', 'Grace Hopper', 'Paris');
    ids.grace = grace.invitationId;
    graceEssay = grace.free;
    clock.set(START + 120_000);
    ids.alan = (await take('alan@example.org', 'Alan Turing', 'Lyon')).invitationId;
    clock.set(START + 180_000);
    ids.emmy = (await registerFor(h, testId, 'emmy@example.org', { fullName: 'Emmy Noether' })).invitationId;
  });
  afterAll(() => h.close());

  const list = async (query = '', apiKey?: string) =>
    expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${query}`, ...(apiKey ? { apiKey } : {}) }));
  const order = (page: InvitationList) => page.invitations.map((row) => row.testInvitationId);

  it('lists every invitation with the score to show: final, provisional while answers await a grader, none before', async () => {
    const page = await list();
    expect(page.invitationsCount).toBe(4);
    expect(order(page)).toEqual([ids.ada, ids.grace, ids.alan, ids.emmy]);
    const [ada, grace, alan, emmy] = page.invitations as [InvitationListRow, InvitationListRow, InvitationListRow, InvitationListRow];
    expect(ada).toMatchObject({
      testStatus: 'Completed',
      reportStatus: 'Generated',
      scoreStatus: 'final',
      score: 8,
      maxScore: 8,
      percent: 100,
      awaitingReview: 0,
    });
    expect(grace).toMatchObject({
      fullName: 'Grace Hopper',
      emailId: 'grace@example.com',
      testStatus: 'Completed',
      reportStatus: 'In progress',
      scoreStatus: 'provisional',
      score: 3,
      percent: 37.5,
      awaitingReview: 1,
      invitedAt: '2026-12-01T09:01:00',
      completedAt: '2026-12-01T09:01:00',
      extraTimePercent: 0,
      testLinkId: null,
    });
    expect(alan).toMatchObject({ scoreStatus: 'provisional', score: 1, awaitingReview: 2 });
    expect(emmy).toMatchObject({ testStatus: 'Pending', scoreStatus: 'unscored', score: null, percent: null, startedAt: null, completedAt: null });
  });

  it('filters by status, "Awaiting review" among them, by score range and by words of the name or email', async () => {
    expect(order(await list('?status=Awaiting%20review'))).toEqual([ids.grace, ids.alan]);
    expect(order(await list('?status=Completed'))).toEqual([ids.ada, ids.grace, ids.alan]);
    expect(order(await list('?status=Pending,Awaiting%20review'))).toEqual([ids.grace, ids.alan, ids.emmy]);
    expect(order(await list('?min_score=2'))).toEqual([ids.ada, ids.grace]);
    expect(order(await list('?max_score=2.5'))).toEqual([ids.alan]);
    expect(order(await list('?min_score=1&max_score=3'))).toEqual([ids.grace, ids.alan]);
    expect(order(await list('?q=hopper%20GRACE'))).toEqual([ids.grace]);
    expect(order(await list('?q=example.org'))).toEqual([ids.alan, ids.emmy]);
    // LIKE's own wildcards match only themselves.
    expect((await list('?q=%25')).invitationsCount).toBe(0);
    expect((await list('?q=a_a')).invitationsCount).toBe(0);
  });

  it('sorts by score and percent (the provisional included, rows without a score last either way) and by date', async () => {
    expect(order(await list('?sort=-score'))).toEqual([ids.ada, ids.grace, ids.alan, ids.emmy]);
    expect(order(await list('?sort=score'))).toEqual([ids.alan, ids.grace, ids.ada, ids.emmy]);
    expect(order(await list('?sort=-percent'))).toEqual([ids.ada, ids.grace, ids.alan, ids.emmy]);
    expect(order(await list('?sort=-invited'))).toEqual([ids.emmy, ids.alan, ids.grace, ids.ada]);
    expect(order(await list('?sort=-completed'))).toEqual([ids.alan, ids.grace, ids.ada, ids.emmy]);
  });

  it('pages with the count of every match', async () => {
    const second = await list('?sort=-score&page_size=2&page_no=2');
    expect(second.invitationsCount).toBe(4);
    expect(order(second)).toEqual([ids.alan, ids.emmy]);
    expect(await list('?page_size=2&page_no=9')).toEqual({ invitations: [], invitationsCount: 4 });
  });

  it("answers another org's test exactly like a missing one (404.2)", async () => {
    const other = await h.createOrg('Other');
    const theirs = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations`, apiKey: other.apiKey });
    const missing = await h.request({ method: 'GET', url: '/v2/org/tests/987654321/invitations', apiKey: other.apiKey });
    expect(theirs.statusCode).toBe(404);
    expect(envelope(theirs)).toMatchObject({ statuscode: '404.2' });
    expect(envelope<string>(theirs).result).toBe(envelope<string>(missing).result.replace('987654321', String(testId)));
  });

  it.each([
    ['status=Done', /status/],
    ['min_score=ten', /min_score/],
    ['min_score=5&max_score=2', /min_score must not be over max_score/],
    ['sort=name', /sort/],
    ['page_size=0', /page_size/],
    ['page_size=101', /page_size/],
  ])('refuses ?%s with 400.4 naming the parameter', async (query, message) => {
    const response = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?${query}` });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ statuscode: '400.4', result: expect.stringMatching(message) });
  });

  it('is a read: listing writes nothing to any invitation’s history', async () => {
    const history = async () => h.client.invitations.history(ids.ada);
    const before = await history();
    await list();
    await list('?sort=-score');
    expect(await history()).toEqual(before);
  });

  it('the workbook’s score cell shows the provisional score marked as such, and the final one as a number', async () => {
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Candidates')!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('score');
    const scoreOf = (id: number) => {
      let cell: unknown;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === id) cell = row.getCell(column).value;
      });
      return cell;
    };
    expect(scoreOf(ids.grace)).toBe('3 (provisional)');
    expect(scoreOf(ids.alan)).toBe('1 (provisional)');
    expect(scoreOf(ids.ada)).toBe(8);
  });

  it('the v2 report says a score is provisional (score keeps its final meaning), and final once the last answer is graded', async () => {
    const report = async (id: number) => expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${id}` }));
    expect(await report(ids.grace)).toMatchObject({ score: '0', reportStatus: 'In progress', scoreStatus: 'provisional', scoreSoFar: '3', awaitingReview: 1 });
    expect(await report(ids.ada)).toMatchObject({ score: '8', scoreStatus: 'final', scoreSoFar: '8', awaitingReview: 0 });
    expect(await report(ids.emmy)).toMatchObject({ score: '0', scoreStatus: 'unscored', scoreSoFar: null, awaitingReview: 0 });
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids.grace}/grades/${graceEssay}`, body: { marks: 4 } }));
    expect(await report(ids.grace)).toMatchObject({ score: '7', reportStatus: 'Generated', scoreStatus: 'final', scoreSoFar: '7', awaitingReview: 0 });
    expect((await list('?status=Awaiting%20review')).invitations.map((row) => row.testInvitationId)).toEqual([ids.alan]);
  });
});
