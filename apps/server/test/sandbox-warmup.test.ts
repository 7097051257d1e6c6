import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunLane, Sandbox } from '@assay/sandbox';
import { applyMoves, candidate, questionIdsOfTest, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const codingTest = (name: string, languages: string[]) => ({
  testName: name,
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return one.',
          marks: 1,
          languages,
          functionName: 'one',
          sampleTests: [{ args: [], expected: 1 }],
          hiddenTests: [{ args: [], expected: 1 }],
        },
      ],
    },
  ],
});

describe.each(backends)('Python warms up when an attempt that needs it starts, on %s', (backend) => {
  let h: Harness;
  const warmed: RunLane[] = [];

  beforeAll(async () => {
    // The default: nothing is warm with the process; the route asks the runner when an attempt starts.
    h = await startHarness(backend, { ASSAY_SANDBOX_PREWARM: 'on-demand' }, undefined, (app: FastifyInstance) => {
      app.assay.runner.warmUp = (lane) => warmed.push(lane);
    });
  });
  afterAll(() => h.close());

  it('asks for warm candidate workers when the started test has a Python question, and not otherwise', async () => {
    const javascriptOnly = await h.importTest(codingTest('JavaScript only', ['javascript']));
    await candidate(h, (await registerFor(h, javascriptOnly, 'js@example.com')).token).client.start();
    expect(warmed).toEqual([]);

    const withPython = await h.importTest(codingTest('Python too', ['javascript', 'python']));
    await candidate(h, (await registerFor(h, withPython, 'py@example.com')).token).client.start();
    expect(warmed).toEqual(['candidate']);
  });

  it('asks again when the page of a running Python attempt loads, or Python is saved, on a server that did not see the start', async () => {
    const withPython = await h.importTest(codingTest('Python, restarted', ['python']));
    const { invitationId, token } = await registerFor(h, withPython, 'restarted@example.com');
    // Started through another server process: this one never saw the start.
    await applyMoves(h, h.org.orgId, invitationId, 'start');
    warmed.length = 0;
    expectSuccess(await candidate(h, token).session());
    expect(warmed).toEqual(['candidate']);
    const [questionId] = await questionIdsOfTest(h, withPython);
    expectSuccess(await candidate(h, token).answer(questionId!, { code: 'def one():\n    return 1\n', language: 'python' }));
    expect(warmed).toEqual(['candidate', 'candidate']);

    // Not for a JavaScript answer, nor for the landing of an attempt not started.
    const javascriptOnly = await h.importTest(codingTest('JavaScript, restarted', ['javascript']));
    const js = await registerFor(h, javascriptOnly, 'js.restarted@example.com');
    expectSuccess(await candidate(h, js.token).session());
    await applyMoves(h, h.org.orgId, js.invitationId, 'start');
    expectSuccess(await candidate(h, js.token).session());
    const pending = await registerFor(h, withPython, 'pending@example.com');
    expectSuccess(await candidate(h, pending.token).session());
    expect(warmed).toEqual(['candidate', 'candidate']);
  });
});

describe('the first Python run after a server (re)starts is warm', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('sqlite', { ASSAY_SANDBOX_PREWARM: 'on-demand', ASSAY_SAMPLE_RUN_WORKERS: '1' });
  });
  afterAll(() => h.close());

  it('warms Python when the page of an attempt started before the restart loads, so its first run waits for no interpreter', async () => {
    const testId = await h.importTest(codingTest('Python after a restart', ['python']));
    const { invitationId, token } = await registerFor(h, testId, 'after.restart@example.com');
    await applyMoves(h, h.org.orgId, invitationId, 'start');
    const sandbox = h.app.assay.runner as Sandbox;
    expect(sandbox.stats().pythonStarts).toBe(0);
    expectSuccess(await candidate(h, token).session());
    // The candidate's worker and the standby each prepare an interpreter while the candidate reads.
    await expect.poll(() => sandbox.stats().pythonStarts, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    const [questionId] = await questionIdsOfTest(h, testId);
    const run = await h.request({
      method: 'POST',
      url: `/candidate/v1/${token}/run/${questionId}`,
      body: { code: 'def one():\n    return 1\n', language: 'python' },
      apiKey: null,
    });
    expect(expectSuccess<{ results: { passed: boolean }[] }>(run).results).toEqual([expect.objectContaining({ passed: true })]);
    expect(sandbox.stats().pythonColdStarts).toBe(0);
  }, 90_000);
});
