import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_QUESTION_ID, type CandidateSession, type SampleRun } from '@assay/domain';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const coding = {
  testName: 'Practice first',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        { type: 'coding', text: 'Return one.', marks: 1, languages: ['javascript', 'python'], functionName: 'one', hiddenTests: [{ args: [], expected: 1 }] },
      ],
    },
  ],
};
const choices = {
  testName: 'No code',
  sections: [
    {
      sectionName: 'Choice',
      sectionType: 'general',
      duration: 5,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
};

const ADD = 'function add(a, b) { return a + b; }';

/**
 * The landing's practice coding question (issue 59, decision 1125): offered before the start of a test with code, in
 * its form and languages; run through the run routes under its own id and never recorded; after the start, and on a
 * test without code, that id is a question not in the test.
 */
describe.each(backends)('the practice coding question on %s', (backend) => {
  let h: Harness;
  let codingTest: number;
  let choiceTest: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    codingTest = await h.importTest(coding);
    choiceTest = await h.importTest(choices);
  });
  afterAll(() => h.close());

  const startRun = (token: string, code = ADD) =>
    h.request({ method: 'POST', url: `/candidate/v1/${token}/runs?wait=20000`, body: { questionId: PRACTICE_QUESTION_ID, code }, apiKey: null });

  it('is offered on the landing in the test’s languages, runs, and leaves no trace on the invitation', async () => {
    const { token, invitationId } = await registerFor(h, codingTest, 'practice@example.com');
    const session = expectSuccess<CandidateSession>(await candidate(h, token).session());
    expect(session.practiceQuestion).toMatchObject({
      questionId: PRACTICE_QUESTION_ID,
      type: 'coding',
      form: 'function',
      functionName: 'add',
      languages: ['javascript', 'python'],
    });
    let run = expectSuccess<SampleRun>(await startRun(token));
    while (run.state === 'queued' || run.state === 'running') {
      run = expectSuccess<SampleRun>(
        await h.request({ method: 'GET', url: `/candidate/v1/${token}/runs/${run.runId}?wait=20000&since=${run.version}`, apiKey: null }),
      );
    }
    expect(run.state).toBe('done');
    if (run.state !== 'done') throw new Error(run.state);
    expect(run.results?.map((result) => result.passed)).toEqual([true, true]);
    expect(await h.store.db.selectFrom('sample_runs').selectAll().where('invitation_id', '=', invitationId).execute()).toEqual([]);
    expect(await h.store.db.selectFrom('answers').selectAll().where('invitation_id', '=', invitationId).execute()).toEqual([]);
    expect((await h.store.db.selectFrom('invitations').select('status').where('id', '=', invitationId).executeTakeFirstOrThrow()).status).toBe('Pending');
  }, 120_000);

  it('is no question of the test once the clock runs, nor of a test without code (404.8)', async () => {
    const { token } = await registerFor(h, codingTest, 'started@example.com');
    const started = expectSuccess<CandidateSession>(await candidate(h, token).start());
    expect(started.practiceQuestion).toBeUndefined();
    expectFailure(await startRun(token), '404.8');

    const other = await registerFor(h, choiceTest, 'choices@example.com');
    expect(expectSuccess<CandidateSession>(await candidate(h, other.token).session()).practiceQuestion).toBeUndefined();
    expectFailure(await startRun(other.token), '404.8');
  });
});
