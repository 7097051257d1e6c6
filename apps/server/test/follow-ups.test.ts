import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import type { CandidateFollowUps, FollowUpMarked, ReviewFollowUps } from '@assay/domain/ai';
import { candidate, manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { assistantDefinition, startAssistantHarness, startedAttempt, type AssistantHarness } from './helpers/assistant.js';

/** Issue 60 item 6: authorship follow-ups after a submitted coding or written answer (docs/ai.md). */
const T0 = Date.UTC(2026, 5, 1, 9);
const CODE = 'function sum(numbers) {\n  let total = 0;\n  for (const n of numbers) total += n;\n  return total;\n}\n';
const followUpDefinition = (ai: Record<string, unknown>) => ({ ...assistantDefinition, testName: 'Follow-ups', ai });

const followUps = (h: Harness, token: string) => ({
  submit: (questionId: number) => h.request({ method: 'POST', url: `/candidate/v1/${token}/follow-ups/${questionId}`, apiKey: null }),
  read: (questionId: number) => h.request({ method: 'GET', url: `/candidate/v1/${token}/follow-ups/${questionId}`, apiKey: null }),
  save: (questionId: number, position: number, body: unknown) =>
    h.request({ method: 'PUT', url: `/candidate/v1/${token}/follow-ups/${questionId}/${position}`, body, apiKey: null }),
  paste: (questionId: number, position: number) =>
    h.request({ method: 'POST', url: `/candidate/v1/${token}/follow-ups/${questionId}/${position}/paste`, apiKey: null }),
});

describe.each(backends)('authorship follow-ups without a model on %s', (backend) => {
  let h: Harness;
  let testId: number;
  const clock = manualClock(T0);
  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(followUpDefinition({ aiPolicy: 'none', followUps: 2, followUpSeconds: 60 }));
  });
  afterAll(() => h.close());

  it('serves two template follow-ups over the candidate’s own code, one at a time, the same on a second submit', async () => {
    const { token, questions, invitationId } = await startedAttempt(h, testId, 'templates@example.com');
    expectSuccess(await candidate(h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    const served = expectSuccess<CandidateFollowUps>(await followUps(h, token).submit(questions.coding));
    expect(served.followUps.map((f) => [f.position, f.state, f.secondsLeft])).toEqual([
      [0, 'open', 60],
      [1, 'waiting', 60],
    ]);
    expect(served.followUps[0]!.text).toMatch(/^What does line [1-4], `.+`, do\?$/);
    expect(served.followUps[1]!.text).toBeUndefined();
    expect(expectSuccess<CandidateFollowUps>(await followUps(h, token).submit(questions.coding))).toEqual(served);
    const stored = await h.store.followUps.of(invitationId);
    expect(stored.map((f) => f.source)).toEqual(['template', 'template']);
  });

  it('saves as typed, takes the draft when the time is up (409.100 after), and starts the next one then', async () => {
    const { token, questions, invitationId } = await startedAttempt(h, testId, 'timebox@example.com');
    expectSuccess(await candidate(h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    const api = followUps(h, token);
    const servedAt = clock.now();
    expectSuccess(await api.submit(questions.coding));
    expectFailure(await api.save(questions.coding, 1, { answer: 'too early' }), '409.100');
    clock.advance(20_000);
    expect(expectSuccess<CandidateFollowUps>(await api.save(questions.coding, 0, { answer: 'It adds' })).followUps[0]).toMatchObject({
      state: 'open',
      secondsLeft: 40,
      answer: 'It adds',
      sent: false,
    });
    clock.advance(46_000);
    expectFailure(await api.save(questions.coding, 0, { answer: 'It adds them all', final: true }), '409.100');
    const after = expectSuccess<CandidateFollowUps>(await api.read(questions.coding));
    expect(after.followUps.map((f) => [f.state, f.answer])).toEqual([
      ['closed', 'It adds'],
      ['open', ''],
    ]);
    expect(after.followUps[1]!.text).toBeDefined();
    const [first, second] = await h.store.followUps.of(invitationId);
    expect(first).toMatchObject({ answer: 'It adds', answeredAt: null, servedAt: new Date(servedAt).toISOString() });
    expect(second!.servedAt).toBe(new Date(clock.now()).toISOString());
    expectSuccess(await api.save(questions.coding, 1, { answer: 'Zero', final: true }));
    expectFailure(await api.save(questions.coding, 1, { answer: 'Changed', final: true }), '409.100');
    expectFailure(await api.save(questions.coding, 2, { answer: 'None' }), '404.100');
  });

  it('counts refused pastes, asks about a written answer, and none for choice questions or blank answers', async () => {
    const { token, questions, invitationId } = await startedAttempt(h, testId, 'paste@example.com');
    const api = followUps(h, token);
    expectSuccess(await candidate(h, token).answer(questions.essay, { text: 'An index lets the database find rows without reading the whole table.' }));
    const essay = expectSuccess<CandidateFollowUps>(await api.submit(questions.essay));
    expect(essay.followUps).toHaveLength(2);
    expectSuccess(await api.paste(questions.essay, 0));
    expectSuccess(await api.paste(questions.essay, 0));
    expect((await h.store.followUps.of(invitationId, questions.essay))[0]!.pastesRefused).toBe(2);
    expectSuccess(await candidate(h, token).answer(questions.choice, { optionIds: [1] }));
    expect(expectSuccess<CandidateFollowUps>(await api.submit(questions.choice)).followUps).toEqual([]);
    expect(expectSuccess<CandidateFollowUps>(await api.submit(questions.coding)).followUps).toEqual([]);
    expectFailure(await api.paste(questions.coding, 0), '404.100');
  });

  it('shows them on /details, lists them for review beside the code, and marks them without changing the score', async () => {
    const { token, questions, invitationId } = await startedAttempt(h, testId, 'review@example.com');
    const api = followUps(h, token);
    expectSuccess(await candidate(h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    expectSuccess(await api.submit(questions.coding));
    expectSuccess(await api.save(questions.coding, 0, { answer: 'It keeps the running total', final: true }));
    expectSuccess(await api.read(questions.coding));
    expectSuccess(await api.save(questions.coding, 1, { answer: 'It returns 0', final: true }));
    expectSuccess(await candidate(h, token).submit());
    const details = async () => expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    const before = await details();
    expect(before.ai!.followUps.map((f) => [f.questionId, f.position, f.source, f.answer, f.mark])).toEqual([
      [questions.coding, 0, 'template', 'It keeps the running total', null],
      [questions.coding, 1, 'template', 'It returns 0', null],
    ]);
    const queue = expectSuccess<ReviewFollowUps>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review/follow-ups?blind=true` }));
    const item = queue.items.find((entry) => entry.answer === CODE && entry.followUps[0]!.answer === 'It keeps the running total')!;
    expect(item).toMatchObject({ questionId: questions.coding, language: 'javascript', markedCount: 0 });
    expect(item.invitationId).toBeUndefined();
    expect(queue.rubric.accurate).toMatch(/accurately/);
    const marked = expectSuccess<FollowUpMarked>(
      await h.request({ method: 'PUT', url: `/v2/org/review/${item.reference}/follow-ups/0`, body: { mark: 'accurate' } }),
    );
    expect(marked).toMatchObject({ position: 0, mark: 'accurate', markedBy: expect.stringMatching(/^key \d+$/) });
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/follow-ups/${questions.coding}/1`, body: { mark: 'not' } }));
    expectFailure(
      await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/follow-ups/${questions.coding}/2`, body: { mark: 'not' } }),
      '404.100',
    );
    expectFailure(await h.request({ method: 'PUT', url: `/v2/org/review/${item.reference}/follow-ups/0`, body: { mark: 'great' } }), '400.2');
    const after = await details();
    expect(after.ai!.followUps.map((f) => f.mark)).toEqual(['accurate', 'not']);
    expect(after.score).toEqual(before.score);
    expect(after.status).toEqual(before.status);
    // Another org's key finds neither the invitation nor the test, as for missing ids.
    const other = await h.createOrg('Other follow-ups');
    expectFailure(
      await h.request({
        method: 'PUT',
        url: `/v2/org/testinvitation/${invitationId}/follow-ups/${questions.coding}/0`,
        body: { mark: 'not' },
        apiKey: other.apiKey,
      }),
      '404.4',
    );
    expectFailure(
      await h.request({ method: 'PUT', url: `/v2/org/review/${item.reference}/follow-ups/0`, body: { mark: 'not' }, apiKey: other.apiKey }),
      '404.4',
    );
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review/follow-ups`, apiKey: other.apiKey }), '404.2');
  });

  it("exports them with the person's data, and an erasure drops their words", async () => {
    const email = 'export.follow@example.com';
    const { token, questions, invitationId } = await startedAttempt(h, testId, email);
    expectSuccess(await candidate(h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    expectSuccess(await followUps(h, token).submit(questions.coding));
    expectSuccess(await followUps(h, token).save(questions.coding, 0, { answer: 'Mine', final: true }));
    const exported = expectSuccess<{ invitations: { assistant: { followUps: { text: string; answer: string }[] } }[] }>(
      await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: email } }),
    );
    expect(exported.invitations[0]!.assistant.followUps.map((f) => f.answer)).toEqual(['Mine', '']);
    expect(exported.invitations[0]!.assistant.followUps[0]!.text).toMatch(/^What does line/);
    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: email } }));
    expect((await h.store.followUps.of(invitationId)).map((f) => [f.text, f.answer])).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });

  it('serves none when the test asks none', async () => {
    const none = await h.importTest(followUpDefinition({ aiPolicy: 'none' }));
    const { token, questions } = await startedAttempt(h, none, 'none@example.com');
    expectSuccess(await candidate(h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    expect(expectSuccess<CandidateFollowUps>(await followUps(h, token).submit(questions.coding)).followUps).toEqual([]);
  });
});

describe.each(backends)('authorship follow-ups written by the model on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    testId = await a.h.importTest(followUpDefinition({ aiPolicy: 'guarded', followUps: 2 }));
  });
  afterAll(() => a.close());

  it('asks the model about the candidate’s own code, never the hidden tests, and serves its questions', async () => {
    const { token, questions, invitationId } = await startedAttempt(a.h, testId, 'model@example.com');
    expectSuccess(await candidate(a.h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
    a.peer.setReply(() => ({ text: 'Sure:\n```json\n{"questions": ["Why start total at 0?", "What does your loop do with a negative number?"]}\n```' }));
    const before = a.peer.requests.length;
    const served = expectSuccess<CandidateFollowUps>(await followUps(a.h, token).submit(questions.coding));
    expect(served.followUps[0]!.text).toBe('Why start total at 0?');
    const sent = a.peer.requests.slice(before);
    expect(sent).toHaveLength(1);
    const prompt = JSON.stringify(sent[0]!.messages);
    expect(prompt).toContain('let total = 0;');
    expect(prompt).not.toContain('424242');
    expect((await a.h.store.followUps.of(invitationId)).map((f) => [f.text, f.source])).toEqual([
      ['Why start total at 0?', 'model'],
      ['What does your loop do with a negative number?', 'model'],
    ]);
  });

  it('falls back to templates when the model fails or answers what cannot be read', async () => {
    for (const [email, reply] of [
      ['fails@example.com', { status: 400, message: 'bad request' }],
      ['rambles@example.com', { text: 'I would rather not.' }],
    ] as const) {
      const { token, questions, invitationId } = await startedAttempt(a.h, testId, email);
      expectSuccess(await candidate(a.h, token).answer(questions.coding, { code: CODE, language: 'javascript' }));
      a.peer.setReply(() => reply);
      const served = expectSuccess<CandidateFollowUps>(await followUps(a.h, token).submit(questions.coding));
      expect(served.followUps[0]!.text).toMatch(/^What does line/);
      expect((await a.h.store.followUps.of(invitationId)).map((f) => f.source)).toEqual(['template', 'template']);
    }
  });
});
