import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleRun } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** A choice question, a Python question whose values are None, True and text, and a JavaScript one with three samples. */
const definition = {
  testName: 'Runs that answer at once',
  sections: [
    {
      sectionName: 'Choice',
      sectionType: 'general',
      duration: 5,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          text: 'Describe a word.',
          marks: 2,
          languages: ['python', 'javascript'],
          functionName: 'check',
          sampleTests: [{ args: ['abc'], expected: ['cba', true, null] }],
          hiddenTests: [{ args: ['a'], expected: ['a', false, null] }],
        },
        {
          type: 'coding',
          text: 'Return one.',
          marks: 1,
          languages: ['javascript'],
          functionName: 'one',
          sampleTests: [
            { args: [], expected: 1 },
            { args: [], expected: 1 },
            { args: [], expected: 1 },
          ],
          hiddenTests: [{ args: [], expected: 1 }],
        },
      ],
    },
  ],
};

const PY_CHECK = 'def check(word):\n    print("checking", word)\n    return [word[::-1], len(word) > 2, None]\n';
const PY_SLIP = 'def helper(word):\n    return word.missing()\n\n\ndef check(word):\n    return helper(word)\n';
const JS_ONE = 'function one() { return 1; }';
/** Holds the only worker for about three seconds (three cases, each to its 1 s CPU limit). */
const JS_SPIN = 'function one() { for (;;) {} }';

const WAIT = 20_000;

describe.each(backends)('sample runs that answer at once and are followed, on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    // One worker and one place in its queue: a second run waits, a third is refused.
    h = await startHarness(backend, { ASSAY_SAMPLE_RUN_WORKERS: '1', ASSAY_SAMPLE_RUN_QUEUE: '1', ASSAY_SAMPLE_RUNS_PER_WINDOW: '4' });
    testId = await h.importTest(definition);
  });
  afterAll(() => h.close());

  let candidates = 0;
  /** A started attempt: its token, its question ids, and calls to its runs. */
  const taking = async () => {
    const { token } = await registerFor(h, testId, `runner.${(candidates += 1)}@example.com`);
    const [choice, python, js] = questionIdsOf(await h.client.candidate(token).start());
    const runs = `/candidate/v1/${token}/runs`;
    return {
      token,
      choice: choice!,
      python: python!,
      js: js!,
      start: (body: Record<string, unknown>, wait?: number) =>
        h.request({ method: 'POST', url: wait === undefined ? runs : `${runs}?wait=${wait}`, body, apiKey: null }),
      get: (runId: string, query = '') => h.request({ method: 'GET', url: `${runs}/${runId}${query}`, apiKey: null }),
      cancel: (runId: string) => h.request({ method: 'DELETE', url: `${runs}/${runId}`, apiKey: null }),
    };
  };
  type Taking = Awaited<ReturnType<typeof taking>>;

  /** Follows a run with long polls until it has finished. */
  const finished = async (attempt: Taking, run: SampleRun): Promise<SampleRun> => {
    let current = run;
    while (current.state === 'queued' || current.state === 'running') {
      current = expectSuccess<SampleRun>(await attempt.get(current.runId, `?wait=${WAIT}&since=${current.version}`));
    }
    return current;
  };

  it('answers the results of a quick run at once, reads it again by id, and the synchronous run still answers', async () => {
    const attempt = await taking();
    const run = expectSuccess<SampleRun>(await attempt.start({ questionId: attempt.js, code: JS_ONE }, WAIT));
    const done = await finished(attempt, run);
    expect(done).toMatchObject({ questionId: attempt.js, kind: 'samples', state: 'done' });
    if (done.state !== 'done') throw new Error(done.state);
    expect(done.results?.map((result) => result.passed)).toEqual([true, true, true]);
    expect(expectSuccess<SampleRun>(await attempt.get(done.runId))).toEqual(done);
    const synchronous = expectSuccess<{ results: { passed: boolean }[] }>(await candidate(h, attempt.token).run(attempt.js, JS_ONE));
    expect(synchronous.results.map((result) => result.passed)).toEqual([true, true, true]);
  });

  it('shows a Python candidate Python values, and the whole traceback of an error with its line', async () => {
    const attempt = await taking();
    const passed = await finished(attempt, expectSuccess(await attempt.start({ questionId: attempt.python, code: PY_CHECK, language: 'python' }, WAIT)));
    expect(passed).toMatchObject({
      state: 'done',
      results: [
        {
          passed: true,
          actual: ['cba', true, null],
          display: { actual: "['cba', True, None]", expected: "['cba', True, None]" },
          output: 'checking abc\n',
        },
      ],
    });
    const slipped = await finished(attempt, expectSuccess(await attempt.start({ questionId: attempt.python, code: PY_SLIP, language: 'python' }, WAIT)));
    if (slipped.state !== 'done') throw new Error(slipped.state);
    const [result] = slipped.results ?? [];
    expect(result).toMatchObject({ passed: false, errorLocation: { line: 2 }, display: { expected: "['cba', True, None]" } });
    expect(result?.error).toMatch(/^AttributeError: 'str' object has no attribute 'missing'/);
    // Both of the candidate's frames, outermost first, each with its line of code.
    expect(result?.traceback).toMatch(/line 6, in check\n\s+return helper\(word\)\n[\s\S]*line 2, in helper\n\s+return word\.missing\(\)/);
    // The synchronous run carries them too.
    const synchronous = expectSuccess<{ results: { traceback?: string }[] }>(
      await h.request({
        method: 'POST',
        url: `/candidate/v1/${attempt.token}/run/${attempt.python}`,
        body: { code: PY_SLIP, language: 'python' },
        apiKey: null,
      }),
    );
    expect(synchronous.results[0]?.traceback).toContain('line 2, in helper');
  }, 90_000);

  it('runs the candidate’s own arguments: the value returned and what was printed, without a verdict', async () => {
    const attempt = await taking();
    const python = await finished(
      attempt,
      expectSuccess(await attempt.start({ questionId: attempt.python, code: PY_CHECK, language: 'python', customArgs: ['level'] }, WAIT)),
    );
    expect(python).toEqual({
      runId: python.runId,
      questionId: attempt.python,
      kind: 'custom',
      version: python.version,
      state: 'done',
      custom: {
        args: ['level'],
        actual: ['level', true, null],
        display: { actual: "['level', True, None]" },
        output: 'checking level\n',
        timeMs: expect.any(Number),
      },
    });
    const js = await finished(
      attempt,
      expectSuccess(
        await attempt.start({ questionId: attempt.python, code: 'function check(w) { return w.length; }', language: 'javascript', customArgs: ['four'] }, WAIT),
      ),
    );
    expect(js).toMatchObject({ state: 'done', custom: { args: ['four'], actual: 4 } });
    if (js.state === 'done') expect(js.custom?.display).toBeUndefined();
  }, 90_000);

  it('says how many runs are ahead of a queued one, refuses past the queue bound, and takes a cancelled run out of the queue', async () => {
    const [spinner, waiting, refused, another] = [await taking(), await taking(), await taking(), await taking()];
    let spinning = expectSuccess<SampleRun>(await spinner.start({ questionId: spinner.js, code: JS_SPIN }));
    while (spinning.state === 'queued') spinning = expectSuccess(await spinner.get(spinning.runId, `?wait=${WAIT}&since=${spinning.version}`));
    expect(spinning.state).toBe('running');

    const queued = expectSuccess<SampleRun>(await waiting.start({ questionId: waiting.js, code: JS_ONE }));
    expect(queued).toMatchObject({ state: 'queued', ahead: 1, kind: 'samples' });
    // The only place in the queue is taken: refused at once, with when to try again.
    const busy = await refused.start({ questionId: refused.js, code: JS_ONE });
    expectFailure(busy, '503.2');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const cancelled = expectSuccess<SampleRun>(await waiting.cancel(queued.runId));
    expect(cancelled).toMatchObject({ runId: queued.runId, state: 'cancelled' });
    expect(expectSuccess<SampleRun>(await waiting.get(queued.runId))).toEqual(cancelled);
    // Cancelling it again answers the same run.
    expect(expectSuccess<SampleRun>(await waiting.cancel(queued.runId))).toEqual(cancelled);

    // Its place is free again: another candidate's run takes it, and a long poll hears when it moves.
    const next = expectSuccess<SampleRun>(await another.start({ questionId: another.js, code: JS_ONE }));
    expect(next).toMatchObject({ state: 'queued', ahead: 1 });
    const moved = expectSuccess<SampleRun>(await another.get(next.runId, `?wait=${WAIT}&since=${next.version}`));
    expect(moved.version).toBeGreaterThan(next.version);
    expect(['running', 'done']).toContain(moved.state);
    expect(await finished(another, moved)).toMatchObject({ state: 'done', results: [{ passed: true }, { passed: true }, { passed: true }] });

    const spun = await finished(spinner, spinning);
    expect(spun).toMatchObject({ state: 'done', results: [{ passed: false, error: 'Time limit exceeded' }, {}, {}] });
    // Finished: its results stand.
    expectFailure(await spinner.cancel(spun.runId), '409.2');
  }, 60_000);

  it("answers another token's run as not found, like an unknown one", async () => {
    const [owner, stranger] = [await taking(), await taking()];
    const run = expectSuccess<SampleRun>(await owner.start({ questionId: owner.js, code: JS_ONE }, WAIT));
    expectFailure(await stranger.get(run.runId), '404.11');
    expectFailure(await stranger.cancel(run.runId), '404.11');
    expectFailure(await owner.get('no-such-run'), '404.11');
    expect(expectSuccess<SampleRun>(await owner.get(run.runId)).runId).toBe(run.runId);
  });

  it('counts custom-input runs against the same budget as sample runs', async () => {
    const attempt = await taking();
    for (const customArgs of [undefined, [], [], undefined]) {
      const body = { questionId: attempt.js, code: JS_ONE, ...(customArgs ? { customArgs } : {}) };
      await finished(attempt, expectSuccess(await attempt.start(body, WAIT)));
    }
    const over = await attempt.start({ questionId: attempt.js, code: JS_ONE, customArgs: [] });
    expectFailure(over, '429.3');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses what cannot run: a choice question, a question of another test, a test not started, a bad wait', async () => {
    const attempt = await taking();
    expectFailure(await attempt.start({ questionId: attempt.choice, code: JS_ONE }), '400.10');
    expectFailure(await attempt.start({ questionId: 999_999, code: JS_ONE }), '404.8');
    expectFailure(await attempt.start({ questionId: attempt.python, code: JS_ONE, language: 'typescript' }), '400.2');
    expectFailure(await attempt.start({ questionId: attempt.js, code: JS_ONE }, 60_000), '400.4');
    const { token } = await registerFor(h, testId, 'not.started@example.com');
    const notStarted = await h.request({ method: 'POST', url: `/candidate/v1/${token}/runs`, body: { questionId: attempt.js, code: JS_ONE }, apiKey: null });
    expectFailure(notStarted, '403.13');
  });
});
