import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession } from '@assay/domain';
import { SUM_SOLUTION, candidate, manualClock, questionIdsOf, questionIdsOfTest, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 10, 0, 0);

describe.each(backends)('candidate API on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  const report = async (invitationId: number) =>
    expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));

  it('before the start shows counts, never questions, answers or hidden tests, and refuses answers', async () => {
    const { token } = await registerFor(h, testId, 'view@example.com');
    const response = await candidate(h, token).session();
    const session = expectSuccess<CandidateSession>(response);
    expect(session.state).toBe('Pending');
    expect(session.access).toMatchObject({ verdict: 'open', message: null });
    expect(session.test.sections.map((section) => section.questionCount)).toEqual([2, 1]);
    expect(session.test.sections.every((section) => section.questions === undefined)).toBe(true);
    expect(session.test.negativeMarking).toBe(true);
    // No list of questions holds anything before the start (the assistant's per-question list is there, empty).
    expect(response.body).not.toMatch(/"correct"|hiddenTests|"questions":\[[^\]]|HTTP status/);
    expect(session.assistant?.questions).toEqual([]);
    expect(session.deadline).toBeNull();
    const [single] = await questionIdsOfTest(h, testId);
    expectFailure(await candidate(h, token).answer(single!, { optionIds: [1] }), '403.13');
    expect(expectFailure(await candidate(h, token).submit(), '403.13').result).toBe('Start the test first.');
  });

  it('takes a test end to end: start, answers, proctoring, submit, then a generated report with the right score', async () => {
    clock.set(START);
    const { token, invitationId } = await registerFor(h, testId, 'full@example.com');
    const api = candidate(h, token);
    const started = await api.client.start();
    expect(started.state).toBe('In progress');
    expect(Date.parse(started.deadline!) - Date.parse(started.startedAt!)).toBe(60 * 60_000);
    const [single, multiple, coding] = questionIdsOf(started);

    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.answer(multiple!, { optionIds: [0] }));
    expectSuccess(await api.answer(coding!, { code: SUM_SOLUTION }));
    expectFailure(await api.answer(single!, { optionIds: [0, 1] }), '400.10');
    expectFailure(await api.answer(single!, { code: 'x' }), '400.10');
    expectFailure(await api.answer(999_999, { optionIds: [0] }), '404.8');

    clock.advance(60_000);
    expect(expectSuccess(await api.event('left', new Date(clock.now()).toISOString()))).toEqual({ wv: 1, tv: 0 });
    expectSuccess(await api.event('left', new Date(clock.now()).toISOString()));
    clock.advance(30_000);
    expect(expectSuccess(await api.event('returned', new Date(clock.now()).toISOString()))).toEqual({ wv: 1, tv: 30 });

    const samples = expectSuccess<{ results: { passed: boolean }[] }>(await api.run(coding!, SUM_SOLUTION));
    expect(samples.results.map((result) => result.passed)).toEqual([true]);

    const reloaded = await api.client.session();
    expect(reloaded.answers[String(single)]).toMatchObject({ optionIds: [1] });
    expect(reloaded.answers[String(coding)]).toMatchObject({ code: SUM_SOLUTION });

    clock.advance(9 * 60_000);
    const submitted = await api.client.submit();
    expect(submitted.state).toBe('Completed');
    await h.drainJobs();
    // 2 (single) + 3 × 1/2 (multiple, partial credit) + 5 (coding, 2 of 2 hidden tests)
    expect(await report(invitationId)).toMatchObject({
      score: '8.5',
      totalScore: '10',
      testStatus: 'Completed',
      reportStatus: 'Generated',
      wv: 1,
      tv: 30,
      timeTaken: 11,
      attemptedOn: '2026-12-01T10:00:00',
    });
    const sections = expectSuccess(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/sections` }));
    expect(sections).toEqual([
      { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 3.5 },
      { sectionName: 'Coding', sectionScore: 5, candidateScore: 5 },
    ]);
    expectFailure(await api.answer(single!, { optionIds: [0] }), '403.11');
  });

  it('applies negative marks: a wrong single choice makes the score negative', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'negative@example.com');
    const api = candidate(h, token);
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [0] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    expect(await report(invitationId)).toMatchObject({ score: '-1', reportStatus: 'Generated' });
  });

  it('completes an attempt at its deadline even if the candidate never returns', async () => {
    clock.set(START);
    const { token, invitationId } = await registerFor(h, testId, 'gone@example.com');
    const api = candidate(h, token);
    expectSuccess(await api.start());
    expectSuccess(await api.event('left', new Date(clock.now()).toISOString()));
    clock.advance(60 * 60_000);
    // At the deadline the attempt waits out the grace for answers made before it, then completes.
    expect(await h.worker().sweeper.sweep()).toBe(0);
    clock.advance(h.config.answerGraceMs);
    expect(await h.worker().sweeper.sweep()).toBeGreaterThanOrEqual(1);
    await h.drainJobs();
    expect(await report(invitationId)).toMatchObject({ testStatus: 'Completed', reportStatus: 'Generated', timeTaken: 60, wv: 1, tv: 3600 });
    expectFailure(await api.answer(1, { optionIds: [0] }), '403.11');
  });

  it('keeps tokens apart: a token answers only for its own invitation, and unknown tokens are not found', async () => {
    const first = await registerFor(h, testId, 'first@example.com');
    const second = await registerFor(h, testId, 'second@example.com');
    const [single] = questionIdsOf(await h.client.candidate(first.token).start());
    expectSuccess(await candidate(h, first.token).answer(single!, { optionIds: [1] }));
    const other = await h.client.candidate(second.token).session();
    expect(other.answers).toEqual({});
    expectFailure(await candidate(h, 'not-a-real-token-0000000000000000000000000').session(), '404.7');

    const otherOrg = await h.createOrg('Other');
    const otherTest = await h.importTest(undefined, otherOrg.apiKey);
    const otherQuestions = await h.store.attempts.questions(otherTest);
    expectFailure(await candidate(h, first.token).answer(otherQuestions[0]!.id, { optionIds: [0] }), '404.8');
  });

  it('cancel and reset move the candidate side too', async () => {
    const cancelled = await registerFor(h, testId, 'cancel@example.com');
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${cancelled.invitationId}/cancel` }));
    expect((await h.client.candidate(cancelled.token).session()).access.verdict).toBe('cancelled');
    expect(expectFailure(await candidate(h, cancelled.token).start(), '403.9').result).toBe('This invitation has been cancelled.');
    expect(expectFailure(await candidate(h, cancelled.token).submit(), '403.9').result).toBe('This invitation has been cancelled.');

    const reset = await registerFor(h, testId, 'reset@example.com');
    const api = candidate(h, reset.token);
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    expect(expectSuccess<CandidateSession>(await api.submit()).state).toBe('Completed');
    expect(expectFailure(await api.start(), '403.11').result).toBe('You have already completed this test.');
    await h.drainJobs();
    expect(expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${reset.invitationId}/reset` }))).toEqual({
      testInvitationId: reset.invitationId,
      testStatus: 'Reset',
    });
    const afterReset = await api.client.session();
    expect(afterReset).toMatchObject({ state: 'Reset', answers: {}, startedAt: null });
    expect(await report(reset.invitationId)).toMatchObject({ score: '0', reportStatus: 'Pending', testStatus: 'Reset' });
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${reset.invitationId}/reattempt` }), '403.4');
    expect(expectFailure(await api.submit(), '403.13').result).toBe('Start the test first.');
    expect((await api.client.start()).state).toBe('In progress');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${cancelled.invitationId}/reset` }), '403.4');
  });
});
