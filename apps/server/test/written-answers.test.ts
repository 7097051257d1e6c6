import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import type { CandidateSession, TestDetails } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

// Real time: receivers verify webhook-timestamp against their own clock.
const START = Math.floor(Date.now() / 1000) * 1000;

const choice = { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] };
const capital = {
  type: 'short_answer',
  text: 'Capital of France?',
  marks: 2,
  acceptedAnswers: [
    { answer: 'Paris', match: 'text' },
    { answer: '^Lutetia( Parisiorum)?$', match: 'pattern' },
  ],
};
const essay = {
  type: 'free_text',
  text: 'Explain your approach.',
  marks: 5,
  wordLimit: 5,
  rubric: [
    { criterion: 'Correctness', marks: 3 },
    { criterion: 'Clarity', marks: 2 },
  ],
};
const writtenTest = {
  testName: 'Written answers',
  sections: [{ sectionName: 'Written', sectionType: 'general', duration: 20, questions: [choice, capital, essay] }],
};

describe.each(backends)('written answers on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    receiver = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-written-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await h.close();
  });

  const importing = (question: unknown) =>
    h.request({
      method: 'POST',
      url: '/v2/org/tests',
      body: { testName: 'Bad', sections: [{ sectionName: 'S', sectionType: 'general', duration: 5, questions: [question] }] },
    });
  const report = async (invitationId: number) =>
    expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
  const started = async (emailId: string) => {
    const registered = await registerFor(h, testId, emailId, { callbackURL: receiver.url });
    const api = candidate(h, registered.token);
    const [single, short, free] = questionIdsOf(await api.client.start());
    return { ...registered, api, single: single!, short: short!, free: free! };
  };

  it('imports both types; the details count them in their general section', async () => {
    const details = expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}` }));
    expect(details).toMatchObject({ questions: 3, sections: [{ sectionName: 'Written', sectionType: 'General Questions', questions: 3, duration: 20 }] });
  });

  it.each([
    [
      'rubric marks that miss the question',
      { ...essay, marks: 6 },
      "sections.0.questions.0.rubric: the rubric's marks add up to 5 but the question has 6 marks",
    ],
    [
      'a pattern RE2 cannot run',
      { ...capital, acceptedAnswers: [{ answer: '(a)\\1', match: 'pattern' }] },
      'sections.0.questions.0.acceptedAnswers.0.answer: answer is not a pattern Assay can run',
    ],
    [
      'an unknown match',
      { ...capital, acceptedAnswers: [{ answer: 'x', match: 'fuzzy' }] },
      'sections.0.questions.0.acceptedAnswers.0.match: match must be "exact", "text", "number" or "pattern"',
    ],
    ['a short answer without accepted answers', { ...capital, acceptedAnswers: [] }, 'acceptedAnswers must list at least one answer'],
  ])('refuses %s at import with 400.2, naming the field', async (_, question, message) => {
    expect(String(expectFailure(await importing(question), '400.2').result)).toContain(message);
  });

  it('shows the candidate the written questions, never the accepted answers or the rubric', async () => {
    const { api } = await started('shown@example.com');
    const response = await api.session();
    const session = expectSuccess<CandidateSession>(response);
    const [, short, free] = session.test.sections[0]!.questions!;
    expect(short).toMatchObject({ type: 'short_answer', text: 'Capital of France?', marks: 2 });
    expect(free).toMatchObject({ type: 'free_text', marks: 5, wordLimit: 5 });
    expect(response.body).not.toMatch(/acceptedAnswers|Paris|Lutetia|rubric|Correctness/);
  });

  it('saves { text } and returns it on reload; refuses other shapes (400.10) and answers over the limits (400.18, 400.2)', async () => {
    const { api, single, short, free } = await started('saves@example.com');
    expectSuccess(await api.answer(short, { text: '  paris ' }));
    expectSuccess(await api.answer(free, { text: 'Five words\nand no more.' }));
    expect(expectFailure(await api.answer(short, { optionIds: [0] }), '400.10').result).toBe('Send { "text": "..." } for a short_answer question.');
    expect(expectFailure(await api.answer(free, { code: 'x' }), '400.10').result).toBe('Send { "text": "..." } for a free_text question.');
    expect(expectFailure(await api.answer(single, { text: 'b' }), '400.10').result).toBe('Send { "optionIds": [ ... ] } for a choice question.');
    expect(expectFailure(await api.answer(free, { text: 'one two three four five six' }), '400.18').result).toBe(
      'This answer has 6 words; this question takes at most 5. Shorten it to save it.',
    );
    expect(String(expectFailure(await api.answer(short, { text: 'x'.repeat(50_001) }), '400.2').result)).toContain('text must be at most 50000 characters');
    expect(String(expectFailure(await api.answer(short, { text: 'a\u001bb' }), '400.2').result)).toContain('text must not contain control characters (U+001B)');

    const reloaded = await api.client.session();
    expect(reloaded.answers[String(short)]).toMatchObject({ text: '  paris ' });
    // The refused longer answer left the saved one as it was.
    expect(reloaded.answers[String(free)]).toMatchObject({ text: 'Five words\nand no more.' });
  });

  it('scores a matched short answer at once: Generated, the final score, and the callback', async () => {
    receiver.received.length = 0;
    const { api, invitationId, single, short } = await started('matched@example.com');
    expectSuccess(await api.answer(single, { optionIds: [1] }));
    expectSuccess(await api.answer(short, { text: 'LUTETIA Parisiorum' }));
    expectSuccess(await api.answer(short, { text: 'Lutetia Parisiorum' }));
    expectSuccess(await api.submit());
    await worker.worker.drain();
    expect(await report(invitationId)).toMatchObject({ testStatus: 'Completed', reportStatus: 'Generated', score: '3', totalScore: '8' });
    expect(await h.store.attempts.awaitingReview(invitationId)).toEqual([]);
    expect(receiver.received.map((request) => JSON.parse(request.body).TestInvitationId)).toEqual([invitationId]);
  });

  it('an essay awaits review: Completed, report In progress, no score and no callback, what awaits review stored', async () => {
    receiver.received.length = 0;
    const { api, invitationId, single, short, free } = await started('essay@example.com');
    expectSuccess(await api.answer(single, { optionIds: [1] }));
    expectSuccess(await api.answer(short, { text: 'Paris' }));
    expectSuccess(await api.answer(free, { text: 'I would sort first.' }));
    expectSuccess(await api.submit());
    await worker.worker.drain();
    // Past the announcements' hold: the callback waits for the report all the same.
    clock.advance(10 * 60_000);
    await worker.worker.drain();
    expect(await report(invitationId)).toMatchObject({ testStatus: 'Completed', reportStatus: 'In progress', score: '0' });
    expect(await h.store.attempts.awaitingReview(invitationId)).toEqual([free]);
    expect(receiver.received).toEqual([]);
    // The callback and the email wait out the review a quarter of an hour at a time (not every 2 seconds), uncounted.
    const announcements = await h.store.jobs.ofInvitation(h.org.orgId, invitationId);
    expect(announcements.map((job) => job.kind).sort()).toEqual(['callback']);
    for (const job of announcements) {
      expect(job).toMatchObject({ status: 'pending', attempts: 0, runAt: clock.now() + 15 * 60_000 });
      expect(job.lastError).toContain('1 answer(s) await review');
    }
  });

  it('a blank essay scores 0 at once: nothing awaits review', async () => {
    receiver.received.length = 0;
    const { api, invitationId, short, free } = await started('blank@example.com');
    expectSuccess(await api.answer(short, { text: 'Lyon' }));
    expectSuccess(await api.answer(free, { text: '  ' }));
    expectSuccess(await api.submit());
    await worker.worker.drain();
    expect(await report(invitationId)).toMatchObject({ reportStatus: 'Generated', score: '0' });
    expect(receiver.received).toHaveLength(1);
  });
});
