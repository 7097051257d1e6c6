import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails, SampleRun } from '@assay/domain';
import type { RunOptions, RunOutcome, RunRequest } from '@assay/sandbox';
import { candidate, manualClock, questionIdsOf, registerFor, SUM_SOLUTION } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 59, 10(a): an answer the sandbox could not run (a compile the busy server stopped, a compiler that did not
 * start) was scored 0 and shown as the code's failure. Now the sandbox says so (`RunOutcome.fault`, decision 1043):
 * scoring tries the attempt again later and the page says the code was not judged; a run's steps reach the page.
 */
const sumTest = {
  testName: 'Sum',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Add them up.',
          marks: 4,
          languages: ['javascript'],
          functionName: 'sum',
          sampleTests: [{ args: [[1, 2]], expected: 3 }],
          hiddenTests: [
            { args: [[]], expected: 0 },
            { args: [[4, 5]], expected: 9 },
          ],
        },
      ],
    },
  ],
};

const FAULT = 'The server was too busy to compile this code: 20 s passed before the compiler could use its 10 s of processor time.';

/** What the sandbox answers instead of running, while `faulty` says so; the real sandbox otherwise. */
type Interpose = (request: RunRequest, options: RunOptions, real: () => Promise<RunOutcome>) => Promise<RunOutcome>;

describe.each(backends)('answers the sandbox could not run are never judged (decision 1043) on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(Date.parse('2031-03-03T09:00:00Z'));
  let interpose: Interpose | undefined;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now, (app: FastifyInstance) => {
      const runner = app.assay.runner;
      const run = runner.run.bind(runner);
      runner.run = (request, options = {}) => (interpose ? interpose(request, options, () => run(request, options)) : run(request, options));
    });
  });
  afterAll(() => h.close());

  const faulted = (request: RunRequest): RunOutcome => ({
    fault: FAULT,
    results: request.cases.map(() => ({ passed: false, error: `Not run: the sandbox could not run this answer: ${FAULT}` })),
  });

  it('scoring meets a fault: no score is saved, the attempt is scored again later, and then gets its marks', async () => {
    const testId = await h.importTest(sumTest);
    const { token, invitationId } = await registerFor(h, testId, 'fault@example.com');
    const api = candidate(h, token);
    const [questionId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(questionId!, { code: SUM_SOLUTION, language: 'javascript' }));
    expectSuccess(await api.submit());

    interpose = async (request, options, real) => (options.lane === 'scoring' ? faulted(request) : real());
    await h.drainJobs();
    const pending = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    // Not scored: the report waits (In progress) and the answer has no marks yet, rather than 0 for the sandbox's fault.
    expect(pending.status.reportStatus).toBe('In progress');
    expect(pending.questions[0]).toMatchObject({ awarded: null });

    interpose = undefined;
    clock.advance(6 * 3_600_000);
    await h.drainJobs();
    const scored = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(scored).toMatchObject({ status: { reportStatus: 'Generated' }, score: { score: 4, percent: 100 } });
  });

  it("a sample run shows its steps while it runs, and a fault as 'failed' in words, never as failed tests", async () => {
    const testId = await h.importTest(sumTest);
    const { token } = await registerFor(h, testId, 'phases@example.com');
    const [questionId] = questionIdsOf(await candidate(h, token).client.start());
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    interpose = async (request, options) => {
      options.onQueue?.({ ahead: 0, etaMs: 0 });
      options.onPhase?.({ step: 'preparing', what: 'the C++ compiler' });
      await finished;
      return faulted(request);
    };
    const started = expectSuccess<SampleRun>(
      await h.request({ method: 'POST', url: `/candidate/v1/${token}/runs`, body: { questionId, code: SUM_SOLUTION }, apiKey: null }),
    );
    expect(started).toMatchObject({
      state: 'running',
      phase: { step: 'preparing', what: 'the C++ compiler', text: 'Preparing the C++ compiler…' },
    });
    finish();
    const ended = expectSuccess<SampleRun>(
      await h.request({ method: 'GET', url: `/candidate/v1/${token}/runs/${started.runId}?wait=5000&since=${started.version}`, apiKey: null }),
    );
    expect(ended).toMatchObject({ state: 'failed', message: `Your code was not judged: the server could not run it. ${FAULT}` });
    interpose = undefined;
  });

  it('the answer-at-once run meets a fault: 503.2 with Retry-After, in words, and the run is not counted', async () => {
    const testId = await h.importTest(sumTest);
    const { token, invitationId } = await registerFor(h, testId, 'sync-fault@example.com');
    const api = candidate(h, token);
    const [questionId] = questionIdsOf(await api.client.start());
    interpose = async (request) => faulted(request);
    const refused = await api.run(questionId!, SUM_SOLUTION);
    interpose = undefined;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      statuscode: '503.2',
      result: `Your code was not judged: the server could not run it. ${FAULT} Try again in 5 s; this run was not counted.`,
    });
    expect(await h.store.db.selectFrom('sample_runs').selectAll().where('invitation_id', '=', invitationId).execute()).toEqual([]);
    // The same run once the sandbox runs it: judged, and counted.
    expect(expectSuccess<{ results: Array<{ passed: boolean }> }>(await api.run(questionId!, SUM_SOLUTION)).results).toEqual([
      expect.objectContaining({ passed: true }),
    ]);
    expect(await h.store.db.selectFrom('sample_runs').selectAll().where('invitation_id', '=', invitationId).execute()).toHaveLength(1);
  });
});
