import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUM_SOLUTION, candidate, manualClock, questionIdsOf, registerFor } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Issue 7, point 3, and issue 28, item 2: one candidate cannot slow down anyone else's sample runs or scoring. One
 * run in flight per token (429.2), a run budget per token (429.3 + Retry-After), a bounded candidate queue (503.2 +
 * Retry-After from the real queue), and scoring sharing the workers in turn (test/system/sandbox-fairness.test.ts
 * tries the same against real processes).
 */
const LOOP = 'function sum() { while (true) {} }';
const START = Date.UTC(2026, 11, 1, 10, 0, 0);

/** The sample test with three sample cases: a looping run then holds its worker for about 3 s (1 s of CPU per case). */
const slowToLoopDefinition = {
  ...sampleDefinition,
  testName: 'Three sample cases',
  sections: sampleDefinition.sections.map((section) =>
    section.sectionType !== 'coding'
      ? section
      : {
          ...section,
          questions: section.questions.map((question) =>
            question.type === 'coding'
              ? {
                  ...question,
                  sampleTests: [
                    { args: [[1, 2]], expected: 3 },
                    { args: [[4]], expected: 4 },
                    { args: [[]], expected: 0 },
                  ],
                }
              : question,
          ),
        },
  ),
};

/** A registered, started candidate and the id of the coding question. */
const startedCandidate = async (h: Harness, testId: number, email: string) => {
  const { token, invitationId } = await registerFor(h, testId, email);
  const api = candidate(h, token);
  const session = await api.client.start();
  const [single, , coding] = questionIdsOf(session);
  return { token, invitationId, api, coding: coding!, single: single! };
};

const passedOf = (response: Awaited<ReturnType<ReturnType<typeof candidate>['run']>>) =>
  expectSuccess<{ results: { passed: boolean; error?: string }[] }>(response).results.map((result) => result.passed);

describe.each(backends)('sample-run fairness on %s', (backend) => {
  describe('one run in flight per token', () => {
    let h: Harness;
    let testId: number;
    beforeAll(async () => {
      h = await startHarness(backend);
      testId = await h.importTest();
    });
    afterAll(() => h.close());

    it('answers a second concurrent run of the same token 429.2, without Retry-After, and runs again once the first answered', async () => {
      const { api, coding } = await startedCandidate(h, testId, 'twice@example.com');
      // Both loop, so whichever is admitted is still running when the other is read, in either order.
      const [first, second] = await Promise.all([api.run(coding, LOOP), api.run(coding, LOOP)]);
      const [running, refused] = first.statusCode === 200 ? [first, second] : [second, first];
      expect(running.statusCode, running.body).toBe(200);
      expect(expectFailure(refused, '429.2').result).toMatch(/still running/);
      expect(refused.headers['retry-after']).toBeUndefined();
      expect(passedOf(await api.run(coding, SUM_SOLUTION))).toEqual([true]);
    });

    it('lets through exactly one of 80 concurrent runs from one token, while another candidate runs at once', async () => {
      const attacker = await startedCandidate(h, testId, 'flood@example.com');
      const other = await startedCandidate(h, testId, 'bystander@example.com');
      let otherAnsweredBeforeFlood = false;
      let floodSettled = false;
      const flood = Promise.all(Array.from({ length: 80 }, () => attacker.api.run(attacker.coding, LOOP)));
      const honest = other.api.run(other.coding, SUM_SOLUTION).then((response) => {
        otherAnsweredBeforeFlood = !floodSettled;
        return response;
      });
      const responses = await flood.finally(() => (floodSettled = true));
      expect(passedOf(await honest)).toEqual([true]);
      expect(otherAnsweredBeforeFlood).toBe(true);
      const codes = responses.map((response) => (response.statusCode === 200 ? '200' : response.json<{ statuscode: string }>().statuscode));
      expect(codes.filter((code) => code === '200')).toHaveLength(1);
      expect(codes.filter((code) => code === '429.2')).toHaveLength(79);
    });
  });

  describe('run budget per token', () => {
    let h: Harness;
    let testId: number;
    const clock = manualClock(START);
    beforeAll(async () => {
      h = await startHarness(backend, { ASSAY_SAMPLE_RUNS_PER_WINDOW: '3', ASSAY_SAMPLE_RUN_WINDOW_MS: '60000' }, clock.now);
      testId = await h.importTest();
    });
    afterAll(() => h.close());

    it('answers 429.3 with Retry-After once the budget is used, and admits again as the window slides', async () => {
      clock.set(START);
      const { api, coding } = await startedCandidate(h, testId, 'budget@example.com');
      for (const at of [0, 10_000, 20_000]) {
        clock.set(START + at);
        expect(passedOf(await api.run(coding, SUM_SOLUTION))).toEqual([true]);
      }
      clock.set(START + 30_000);
      const refused = await api.run(coding, SUM_SOLUTION);
      expect(expectFailure(refused, '429.3').result).toBe('You can run the sample tests 3 times in a minute: try again in 30 s.');
      expect(refused.headers['retry-after']).toBe('30');

      clock.set(START + 45_500);
      expect((await api.run(coding, SUM_SOLUTION)).headers['retry-after']).toBe('15');
      clock.set(START + 60_000);
      expect(passedOf(await api.run(coding, SUM_SOLUTION))).toEqual([true]);
      expectFailure(await api.run(coding, SUM_SOLUTION), '429.3');
    });

    it('keeps each token to its own budget', async () => {
      clock.set(START);
      const spender = await startedCandidate(h, testId, 'spender@example.com');
      const saver = await startedCandidate(h, testId, 'saver@example.com');
      for (let i = 0; i < 3; i += 1) passedOf(await spender.api.run(spender.coding, SUM_SOLUTION));
      expectFailure(await spender.api.run(spender.coding, SUM_SOLUTION), '429.3');
      expect(passedOf(await saver.api.run(saver.coding, SUM_SOLUTION))).toEqual([true]);
    });

    it('does not count refused runs: 429.2 answers cost nothing', async () => {
      clock.set(START);
      const { api, coding } = await startedCandidate(h, testId, 'refused@example.com');
      // Every run loops: whichever is admitted first holds the token's slot for about a second, so the other five
      // are refused however the six are ordered (a quick run could answer before a slow sibling was even read).
      const answers = await Promise.all(Array.from({ length: 6 }, () => api.run(coding, LOOP)));
      expect(answers.map((response) => response.json<{ statuscode: string }>().statuscode).sort()).toEqual(['200.1', ...Array(5).fill('429.2')]);
      for (let i = 0; i < 2; i += 1) expect(passedOf(await api.run(coding, SUM_SOLUTION))).toEqual([true]);
      expectFailure(await api.run(coding, SUM_SOLUTION), '429.3');
    });
  });

  describe('a bounded candidate queue, and scoring in turn on the same workers', () => {
    let h: Harness;
    let testId: number;
    beforeAll(async () => {
      // One candidate worker and one waiting place: two looping candidates fill the lane.
      h = await startHarness(backend, { ASSAY_SAMPLE_RUN_WORKERS: '1', ASSAY_SAMPLE_RUN_QUEUE: '1' });
      testId = await h.importTest(slowToLoopDefinition);
    });
    afterAll(() => h.close());

    it('answers 503.2 with Retry-After when the queue is full, and scores a completion before the loops end', async () => {
      const loopers = await Promise.all(['a', 'b'].map((name) => startedCandidate(h, testId, `loop-${name}@example.com`)));
      const late = await startedCandidate(h, testId, 'late@example.com');
      const finisher = await startedCandidate(h, testId, 'finisher@example.com');
      expectSuccess(await finisher.api.answer(finisher.coding, { code: SUM_SOLUTION }));

      let loopsSettled = 0;
      const loops = loopers.map(({ api, coding }) => api.run(coding, LOOP).finally(() => (loopsSettled += 1)));
      // Both loops are admitted (one running, one waiting) before the third run asks: they only need a token lookup.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const busy = await late.api.run(late.coding, SUM_SOLUTION);
      expect(expectFailure(busy, '503.2').result).toMatch(/^Sample runs are busy right now: try again in \d+ s\.$/);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(busy.headers['retry-after'])).toBeLessThanOrEqual(3 + 2);

      expectSuccess(await finisher.api.submit());
      await h.drainJobs();
      const report = expectSuccess<{ reportStatus: string; score: string }>(await h.request({ method: 'GET', url: `/v2/org/report/${finisher.invitationId}` }));
      expect(report).toMatchObject({ reportStatus: 'Generated', score: '5' });
      // The loops would hold the only worker for about 6 s: scoring waited for the one running, not for the one waiting.
      expect(loopsSettled).toBeLessThanOrEqual(1);

      for (const response of await Promise.all(loops)) {
        expect(expectSuccess<{ results: { error?: string }[] }>(response).results.map((result) => result.error)).toEqual(Array(3).fill('Time limit exceeded'));
      }
      // The refused candidate's place was not counted against them, and the lane is free again.
      expect(passedOf(await late.api.run(late.coding, SUM_SOLUTION))).toEqual([true, true, true]);
    });
  });
});
