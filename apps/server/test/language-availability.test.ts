import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails, RunCodeResult, ServiceReadiness } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const signature = { params: [{ name: 'numbers', type: 'int[]' }], returns: 'int' };

/** One coding section holding `question`. */
const testWith = (testName: string, question: Record<string, unknown>) => ({
  testName,
  sections: [{ sectionName: 'Coding', sectionType: 'coding', duration: 30, questions: [{ type: 'coding', text: 'Add them up.', ...question }] }],
});

const javaTest = testWith('Java screen', {
  languages: ['java'],
  functionName: 'total',
  signature,
  hiddenTests: [{ args: [[1, 2]], expected: 3 }],
});
const polyglot = testWith('Python or JavaScript', {
  languages: ['python', 'javascript'],
  functionName: 'total',
  sampleTests: [{ args: [[1, 2, 3]], expected: 6 }],
  hiddenTests: [
    { args: [[]], expected: 0 },
    { args: [[4, 5]], expected: 9 },
  ],
});

describe.each(backends)('a server that cannot jail native languages (ASSAY_NATIVE_JAIL=off) on %s', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_NATIVE_JAIL: 'off' });
  });
  afterAll(() => h.close());

  it('refuses to import a Java test with 400.30, naming Java, why and how to enable it', async () => {
    const refused = await h.request({ method: 'POST', url: '/v2/org/tests', body: javaTest });
    expectFailure(refused, '400.30');
    expect(refused.body).toContain('The test accepts Java, which no process of this Assay can run');
    expect(refused.body).toContain('ASSAY_NATIVE_JAIL=off');
    const mixed = await h.request({
      method: 'POST',
      url: '/v2/org/tests',
      body: testWith('Mixed', { languages: ['python', 'cpp'], functionName: 'total', signature, hiddenTests: [{ args: [[1]], expected: 1 }] }),
    });
    expectFailure(mixed, '400.30');
    expect(mixed.body).toContain('C++');
  });

  it('says in /readyz which languages it runs and how to enable the rest', async () => {
    const ready = expectSuccess<ServiceReadiness>(await h.request({ method: 'GET', url: '/readyz', apiKey: null }));
    expect(ready.languages.runs).toEqual(expect.arrayContaining(['javascript', 'typescript', 'python']));
    expect(ready.languages.runs).not.toContain('java');
    const java = ready.languages.unavailable.find((entry) => entry.language === 'java');
    expect(java?.reason).toContain('ASSAY_NATIVE_JAIL=off');
    expect(java?.remedy).toContain('ASSAY_NATIVE_JAIL=auto');
    expect(ready.languages.waiting).toEqual([]);
  });

  it('still imports, runs and scores Python and JavaScript', async () => {
    const testId = await h.importTest(polyglot);
    const { token, invitationId } = await registerFor(h, testId, 'py@example.com');
    const api = candidate(h, token);
    const [questionId] = questionIdsOf(await api.client.start());
    const code = 'def total(numbers):\n    return sum(numbers)\n';
    const run = expectSuccess<RunCodeResult>(
      await h.request({ method: 'POST', url: `/candidate/v1/${token}/run/${questionId}`, body: { code, language: 'python' }, apiKey: null }),
    );
    expect(run.results).toMatchObject([{ passed: true, actual: 6 }]);
    expectSuccess(await api.answer(questionId!, { code, language: 'python' }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ percent: 100 });
  });

  it('imports the Java test once a live process declares Java, refuses a candidate run here with 409.5 and leaves its scoring waiting', async () => {
    // What an assay-worker on a host that can jail does at its start (the store's liveness says it lives).
    await h.store.sandboxWorkers.declare(['javascript', 'typescript', 'python', 'java'], Date.now());
    const testId = await h.importTest(javaTest);
    const { token } = await registerFor(h, testId, 'java@example.com');
    const api = candidate(h, token);
    const [questionId] = questionIdsOf(await api.client.start());
    const code = 'class Solution { static int total(int[] numbers) { return 3; } }';
    const refused = await h.request({ method: 'POST', url: `/candidate/v1/${token}/runs`, body: { questionId, code }, apiKey: null });
    expectFailure(refused, '409.5');
    expect(refused.body).toContain('Java code cannot be run on this server right now');
    // The answer is saved all the same, and its scoring job names Java: a process that does not run Java leaves it.
    expectSuccess(await api.answer(questionId!, { code, language: 'java' }));
    expectSuccess(await api.submit());
    const leased = await h.store.jobs.lease('python-only', Date.now(), 60_000, 10, ['score'], ['javascript', 'typescript', 'python']);
    expect(leased).toEqual([]);
  });
});
