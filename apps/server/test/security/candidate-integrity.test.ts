import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CandidateSession, TestDefinition, TestLink } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor, tokenOf } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const iso = (at: number) => new Date(at).toISOString();

/** Every text of the sample test a scraper would want: question texts and options. */
const SECRETS = ['Which HTTP status means', 'Which are idempotent', 'Return the sum of an array', '"404"', '"PUT"', 'function sum'];

/** Twenty single-choice questions: one answer each, so concurrent saves never overwrite each other. */
const manyQuestions: z.input<typeof TestDefinition> = {
  testName: 'Many questions',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Quick',
      sectionType: 'general',
      duration: 30,
      questions: Array.from({ length: 20 }, (_, index) => ({
        type: 'single_choice' as const,
        text: `Question ${index + 1}`,
        marks: 1,
        options: [
          { text: 'right', correct: true },
          { text: 'wrong', correct: false },
        ],
      })),
    },
  ],
};

describe.each(backends)('the candidate side keeps its integrity, on %s', (backend) => {
  let h: Harness;
  let testId: number;
  const clock = manualClock(START);

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  const createLink = async (body: Record<string, unknown>) =>
    expectSuccess<TestLink>(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'L', ...body } }));

  const expectNoQuestions = (body: string) => {
    for (const secret of SECRETS) expect(body, secret).not.toContain(secret);
  };

  describe('questions stay secret until the attempt starts', () => {
    it('a pending invitation shows counts and rules only; starting reveals the questions', async () => {
      clock.set(START);
      const { token } = await registerFor(h, testId, 'pending@example.com');
      const before = await candidate(h, token).session();
      expectNoQuestions(before.body);
      const landing = expectSuccess<CandidateSession>(before);
      expect(landing.test).toMatchObject({ testName: 'Backend screening', questions: 3, negativeMarking: true });
      expect(landing.test.sections.map((section) => [section.sectionName, section.questionCount, section.duration])).toEqual([
        ['Fundamentals', 2, 20],
        ['Coding', 1, 40],
      ]);
      const started = await candidate(h, token).start();
      expect(started.body).toContain('Which HTTP status means');
      expect(started.body).not.toMatch(/"correct"|hiddenTests/);
    });

    it.each([
      ['not open yet', { accessTime: 1, startDateTime: '2026-12-05T00:00:00', endDateTime: '2026-12-06T00:00:00' }, '403.6'],
      ['closed', { accessTime: 1, startDateTime: '2026-11-01T00:00:00', endDateTime: '2026-11-02T00:00:00' }, '403.7'],
      ['outside its daily slot', { accessTime: 2, startDateTime: '2026-11-30T14:00:00', endDateTime: '2026-12-05T15:00:00' }, '403.8'],
      ['inactive', { accessTime: 0, testLinkStatus: 3 }, '403.5'],
    ])('a link %s: no questions, and the start is refused', async (_what, settings, code) => {
      clock.set(START);
      const link = await createLink(settings);
      const registered = expectSuccess<{ testUrl: string }>(
        await h.request({
          method: 'POST',
          url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
          body: { emailId: `${code}@example.com`, fullName: 'X' },
        }),
      );
      const api = candidate(h, tokenOf(registered.testUrl));
      expectNoQuestions((await api.session()).body);
      expectFailure(await api.start(), code);
      expectNoQuestions((await api.session()).body);
    });

    it('a public link page shows counts only', async () => {
      const link = await createLink({ accessTime: 0 });
      expectNoQuestions((await h.request({ method: 'GET', url: `/candidate/v1/links/${link.testLinkAccessKey}`, apiKey: null })).body);
    });

    it('cancelled, completed and reset invitations show no questions and no answers', async () => {
      clock.set(START);
      const cancelled = await registerFor(h, testId, 'cancelled@example.com');
      expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${cancelled.invitationId}/cancel` }));
      expectNoQuestions((await candidate(h, cancelled.token).session()).body);

      const done = await registerFor(h, testId, 'done@example.com');
      const api = candidate(h, done.token);
      const [single] = questionIdsOf(await api.client.start());
      expectSuccess(await api.answer(single!, { optionIds: [1] }));
      expectSuccess(await api.submit());
      const finished = await api.session();
      expectNoQuestions(finished.body);
      expect(expectSuccess<CandidateSession>(finished)).toMatchObject({ state: 'Completed', answers: {}, test: { sections: [] } });

      expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${done.invitationId}/reset` }));
      const reset = await api.session();
      expectNoQuestions(reset.body);
      expect(expectSuccess<CandidateSession>(reset).answers).toEqual({});
    });
  });

  describe('answers made before the deadline are kept when they arrive a little late', () => {
    const startAttempt = async (email: string) => {
      clock.set(START);
      const registered = await registerFor(h, testId, email);
      const api = candidate(h, registered.token);
      const session = await api.client.start();
      return { ...registered, api, deadline: Date.parse(session.deadline!), ids: questionIdsOf(session) };
    };

    it('within the grace: taken, and scored', async () => {
      const { api, deadline, ids, invitationId } = await startAttempt('late@example.com');
      clock.set(deadline + 30_000);
      expectSuccess(await api.answer(ids[0]!, { optionIds: [1], editedAt: iso(deadline - 2_000) }));
      expectSuccess(await api.submit());
      await h.drainJobs();
      const report = expectSuccess<{ score: string; testStatus: string }>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
      expect(report).toMatchObject({ testStatus: 'Completed', score: '2' });
    });

    it('made at the deadline or later, or arriving after the grace: refused with 403.11', async () => {
      const { api, deadline, ids } = await startAttempt('too-late@example.com');
      clock.set(deadline + 1_000);
      expectFailure(await api.answer(ids[0]!, { optionIds: [1], editedAt: iso(deadline + 500) }), '403.11');
      expectFailure(await api.answer(ids[0]!, { optionIds: [1] }), '403.11');
      expectFailure(await api.run(ids[2]!, 'function sum() { return 0; }'), '403.11');
      clock.set(deadline + h.config.answerGraceMs + 1);
      expectFailure(await api.answer(ids[0]!, { optionIds: [1], editedAt: iso(deadline - 1) }), '403.11');
      expect((await api.client.session()).state).toBe('Completed');
    });
  });

  it('a save racing a submit is either stored and scored, or refused: never acknowledged and lost', async () => {
    clock.set(START);
    const many = await h.importTest(manyQuestions);
    const { token, invitationId } = await registerFor(h, many, 'race@example.com');
    const api = candidate(h, token);
    const ids = questionIdsOf(await api.client.start());
    // Scoring starts the moment the submit lands, while saves are still on their way.
    const submitAndScore = api.submit().then(async (response) => {
      await h.drainJobs();
      return response;
    });
    const saves = ids.map((id) => api.answer(id, { optionIds: [0] }));
    const [submitted, ...answered] = await Promise.all([submitAndScore, ...saves]);
    expectSuccess(submitted!);
    const acknowledged = ids.filter((_id, index) => answered[index]!.statusCode === 200);
    for (const [index, response] of answered.entries()) {
      if (response.statusCode !== 200) expectFailure(response, '403.11');
      else expect(acknowledged).toContain(ids[index]);
    }
    const stored = (await h.store.attempts.answers(invitationId)).map((answer) => answer.questionId).sort((a, b) => a - b);
    expect(stored).toEqual([...acknowledged].sort((a, b) => a - b));
    const report = expectSuccess<{ score: string }>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
    expect(report.score).toBe(String(acknowledged.length));
  });

  describe('integrity counters count real departures only', () => {
    const running = async (email: string) => {
      clock.set(START);
      const { token, invitationId } = await registerFor(h, testId, email);
      const api = candidate(h, token);
      expectSuccess(await api.start());
      return { api, invitationId };
    };
    const wvOf = async (invitationId: number) =>
      expectSuccess<{ wv: number; tv: number }>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));

    it('reloads (unload, then back within seconds) are not departures', async () => {
      const { api, invitationId } = await running('reloader@example.com');
      for (let reload = 0; reload < 3; reload += 1) {
        clock.advance(60_000);
        expectSuccess(await api.event('unload', iso(clock.now())));
        clock.advance(2_500);
        expect(expectSuccess(await api.event('returned', iso(clock.now())))).toEqual({ wv: 0, tv: 0 });
      }
      expectSuccess(await api.submit());
      await h.drainJobs();
      expect(await wvOf(invitationId)).toMatchObject({ wv: 0, tv: 0 });
    });

    it('a page closed for minutes, or a switch to another tab, counts', async () => {
      const { api, invitationId } = await running('leaver@example.com');
      expectSuccess(await api.event('unload', iso(clock.now())));
      clock.advance(120_000);
      expect(expectSuccess(await api.event('returned', iso(clock.now())))).toEqual({ wv: 1, tv: 120 });
      expectSuccess(await api.event('left', iso(clock.now())));
      clock.advance(10_000);
      expect(expectSuccess(await api.event('returned', iso(clock.now())))).toEqual({ wv: 2, tv: 130 });
      expectSuccess(await api.event('unload', iso(clock.now())));
      clock.advance(300_000);
      expectSuccess(await api.submit());
      await h.drainJobs();
      expect(await wvOf(invitationId)).toMatchObject({ wv: 3, tv: 430 });
    });
  });
});
