import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationList, InvitationSummary, ReportDetails } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);

/** A choice (1 mark), a short answer (2) and an essay (5) a grader marks: 8 in all. */
const writtenTest = {
  testName: 'Pipeline',
  sections: [
    {
      sectionName: 'Written',
      sectionType: 'general',
      duration: 20,
      questions: [
        { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] },
        { type: 'short_answer', text: 'Capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }] },
        { type: 'free_text', text: 'Explain your approach.', marks: 5 },
      ],
    },
  ],
};

/**
 * Issue 50 item 1: the list's integrity filter (decision 765) and the test's summary (decisions 766, 767).
 * ada 8, pasted (confirmed); grace 8, pasted (confirmed, then dismissed: the latest counts); bob 8, pasted (not
 * reviewed); alan 3, pasted and confirmed, then reset and taken again (the confirmation named the cleared attempt);
 * cleo 1, her essay awaiting a grader; emmy pending; carl cancelled.
 */
describe.each(backends)("a test's pipeline (issue 50 item 1) on %s", (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;
  const ids = { ada: 0, grace: 0, bob: 0, alan: 0, cleo: 0, emmy: 0, carl: 0 };

  const details = async (id: number) => expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${id}/details` }));
  const pasteOf = async (id: number) => (await details(id)).questions[1]!.signals!.events[0]!.eventId!;

  /** Takes the test: `essay` marks awarded (none: it awaits a grader), optionally pasting into the short answer. */
  const take = async (api: ReturnType<typeof candidate>, invitationId: number, short: string, essay: number | null, paste: boolean) => {
    const [single, shortId, free] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    if (paste) expectSuccess(await api.event('paste', new Date(clock.now()).toISOString(), { questionId: shortId!, chars: 400, lines: 12 }));
    expectSuccess(await api.answer(shortId!, { text: short }));
    expectSuccess(await api.answer(free!, { text: 'I would sort first.' }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    if (essay !== null) expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/grades/${free}`, body: { marks: essay } }));
  };
  const invite = async (name: string) => registerFor(h, testId, `${name}@example.com`, { fullName: name });
  const taken = async (name: string, short: string, essay: number | null, paste: boolean) => {
    const { token, invitationId } = await invite(name);
    const api = candidate(h, token);
    await take(api, invitationId, short, essay, paste);
    return { api, invitationId };
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    ids.ada = (await taken('ada', 'Paris', 5, true)).invitationId;
    await h.client.invitations.reviewEvidence(ids.ada, await pasteOf(ids.ada), { outcome: 'confirmed' });
    ids.grace = (await taken('grace', 'Paris', 5, true)).invitationId;
    await h.client.invitations.reviewEvidence(ids.grace, await pasteOf(ids.grace), { outcome: 'confirmed' });
    clock.advance(1000);
    await h.client.invitations.reviewEvidence(ids.grace, await pasteOf(ids.grace), { outcome: 'dismissed', note: 'Their own notes.' });
    ids.bob = (await taken('bob', 'Paris', 5, true)).invitationId;
    const alan = await taken('alan', 'Paris', 5, true);
    ids.alan = alan.invitationId;
    await h.client.invitations.reviewEvidence(ids.alan, await pasteOf(ids.alan), { outcome: 'confirmed' });
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${ids.alan}/reset` }));
    clock.advance(60_000);
    await take(alan.api, ids.alan, 'Lyon', 2, false);
    ids.cleo = (await taken('cleo', 'Lyon', null, false)).invitationId;
    ids.emmy = (await invite('emmy')).invitationId;
    ids.carl = (await invite('carl')).invitationId;
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${ids.carl}/cancel` }));
  });
  afterAll(() => h.close());

  const list = async (query: string) =>
    expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${query}` })).invitations.map(
      (row) => row.testInvitationId,
    );

  it('filters by confirmed integrity evidence: the latest review of a piece counts, and only of the current attempt', async () => {
    expect(await list('?integrity=confirmed')).toEqual([ids.ada]);
    expect(await list('?integrity=unconfirmed')).toEqual([ids.grace, ids.bob, ids.alan, ids.cleo, ids.emmy, ids.carl]);
    const levels = expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?integrity=unconfirmed` }));
    expect(levels.invitations.map((row) => row.integrity?.level ?? 'none')).not.toContain('confirmed');
  });

  it('shortlists "completed, score at least 5, no confirmed integrity evidence" in one request', async () => {
    expect(await list('?status=Completed&min_score=5&integrity=unconfirmed&sort=-score')).toEqual([ids.grace, ids.bob]);
    const client = await h.client.invitations.list(testId, { status: ['Completed'], min_score: 5, integrity: 'unconfirmed' });
    expect(client.invitationsCount).toBe(2);
  });

  it('refuses an integrity filter it does not know with 400.4', async () => {
    const response = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?integrity=clean` });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ statuscode: '400.4', result: expect.stringMatching(/integrity/) });
  });

  it('summarises the test: stages as the list counts them, completion over the invitations not cancelled, the scores', async () => {
    const summary = expectSuccess<InvitationSummary>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary` }));
    expect(summary).toMatchObject({
      invitationsCount: 7,
      stages: { Pending: 1, 'In progress': 0, Completed: 5, Reset: 0, Cancelled: 1 },
      awaitingReview: 1,
      completionRate: 83.3,
      scored: 5,
      score: { min: 1, median: 8, max: 8 },
      percent: { min: 12.5, median: 100, max: 100 },
    });
    expect(summary.distribution.map((bucket) => bucket.count)).toEqual([0, 1, 0, 1, 0, 0, 0, 0, 0, 3]);
    for (const [status, count] of Object.entries(summary.stages)) {
      const page = expectSuccess<InvitationList>(
        await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?status=${encodeURIComponent(status)}` }),
      );
      expect(page.invitationsCount).toBe(count);
    }
    expect(await h.client.invitations.summary(testId)).toEqual(summary);
  });

  it("answers another org's test exactly like a missing one (404.2)", async () => {
    const other = await h.createOrg('Other');
    const theirs = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary`, apiKey: other.apiKey });
    const missing = await h.request({ method: 'GET', url: '/v2/org/tests/987654321/invitations/summary', apiKey: other.apiKey });
    expect(theirs.statusCode).toBe(404);
    expect(envelope(theirs)).toMatchObject({ statuscode: '404.2' });
    expect(envelope<string>(theirs).result).toBe(envelope<string>(missing).result.replace('987654321', String(testId)));
  });
});
