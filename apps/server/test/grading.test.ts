import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import type { GradeRecorded, InvitationHistory, ReportDetails, ReviewQueue } from '@assay/domain';
import { candidate, manualClock, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';

// Real time: receivers verify webhook-timestamp against their own clock.
const START = Math.floor(Date.now() / 1000) * 1000;

/** Issue 32, item 3: `PUT /v2/org/testinvitation/{id}/grades/{questionId}` and the final score on the last grade. */
describe.each(backends)('grading on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let reviewer: { keyId: number; apiKey: string };
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    receiver = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-grading-${backend}-${process.pid}` }, silentLog, {
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

  const grade = (invitationId: number, questionId: number, body: unknown, apiKey?: string, headers?: Record<string, string>) =>
    h.request({
      method: 'PUT',
      url: `/v2/org/testinvitation/${invitationId}/grades/${questionId}`,
      body,
      ...(apiKey ? { apiKey } : {}),
      ...(headers ? { headers } : {}),
    });
  const report = async (invitationId: number) =>
    expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
  /** Scored, and past the announcements' hold: whatever would be sent has been. */
  const settle = async () => {
    await worker.worker.drain();
    clock.advance(10 * 60_000);
    await worker.worker.drain();
  };
  const awaitingReview = async (email: string, callbackURL?: string) => {
    const attempt = await submitWritten(h, testId, email, { short: 'Lyon', essay: 'I would sort the list first.' }, callbackURL ? { callbackURL } : {});
    await settle();
    return attempt;
  };

  it('takes a reviewer’s and an admin’s grades; the last makes the report Generated with the final score, and the callback goes once with it', async () => {
    receiver.received.length = 0;
    const { invitationId, short, essay } = await awaitingReview('final@example.com', receiver.url);
    expect(await report(invitationId)).toMatchObject({ reportStatus: 'In progress', score: '0' });
    expect(receiver.received).toEqual([]);

    const first = expectSuccess<GradeRecorded>(
      await grade(
        invitationId,
        essay,
        {
          marks: 4,
          criteria: [
            { criterion: 'Correctness', marks: 3 },
            { criterion: 'Clarity', marks: 1 },
          ],
          comment: 'Sound; terse.',
        },
        reviewer.apiKey,
      ),
    );
    expect(first).toEqual({
      testInvitationId: invitationId,
      questionId: essay,
      grade: {
        marks: 4,
        criteria: [
          { criterion: 'Correctness', marks: 3 },
          { criterion: 'Clarity', marks: 1 },
        ],
        comment: 'Sound; terse.',
        gradedBy: { keyId: reviewer.keyId, label: 'Panel A' },
        gradedAt: new Date(clock.now()).toISOString().slice(0, 19),
      },
      regraded: false,
      awaitingCount: 1,
      reportStatus: 'In progress',
      score: null,
    });
    await settle();
    expect(receiver.received).toEqual([]);

    const last = expectSuccess<GradeRecorded>(await grade(invitationId, short, { marks: 1.5 }));
    expect(last).toMatchObject({ awaitingCount: 0, reportStatus: 'Generated', score: 6.5, grade: { marks: 1.5, criteria: [], comment: null } });
    expect(await report(invitationId)).toMatchObject({ testStatus: 'Completed', reportStatus: 'Generated', score: '6.5', totalScore: '8' });
    // Released at once: no clock advance needed.
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ TestInvitationId: invitationId, CandidateScore: 6.5, TotalScore: 8 });

    // A regrade keeps the earlier grade in the history and recomputes the score; the callback does not go again.
    const regrade = expectSuccess<GradeRecorded>(await grade(invitationId, essay, { marks: 5, comment: 'Clear on reflection.' }));
    expect(regrade).toMatchObject({ regraded: true, awaitingCount: 0, reportStatus: 'Generated', score: 7.5 });
    expect(await report(invitationId)).toMatchObject({ reportStatus: 'Generated', score: '7.5' });
    const sections = expectSuccess<{ sectionName: string; score: string }[]>(
      await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/sections` }),
    );
    expect(JSON.stringify(sections)).toContain('7.5');
    await settle();
    expect(receiver.received).toHaveLength(1);
    const history = await h.store.grades.history(h.org.orgId, invitationId);
    expect(history.map((entry) => [entry.questionId, entry.marks, entry.gradedBy.keyId, entry.supersededAt === null])).toEqual([
      [essay, 4, reviewer.keyId, false],
      [short, 1.5, expect.any(Number), true],
      [essay, 5, expect.any(Number), true],
    ]);
    // The invitation's history names every grade, the regrade too, and the key that gave it by its label.
    const entries = expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` })).entries;
    const graded = entries.filter((entry) => entry.kind === 'graded');
    expect(graded.map((entry) => [entry.details, typeof entry.by === 'object' ? entry.by.label : entry.by])).toEqual([
      [{ questionId: essay, marks: 4 }, 'Panel A'],
      [{ questionId: short, marks: 1.5 }, expect.any(String)],
      [{ questionId: essay, marks: 5 }, expect.any(String)],
    ]);
  });

  it('refuses a grade over the marks or off the rubric (400.19), changing nothing', async () => {
    const { invitationId, essay } = await awaitingReview('refused@example.com');
    expect(expectFailure(await grade(invitationId, essay, { marks: 6 }), '400.19').result).toBe("marks is 6, over this question's 5. Give 0 to 5.");
    expect(expectFailure(await grade(invitationId, essay, { marks: 3, criteria: [{ criterion: 'Style', marks: 3 }] }), '400.19').result).toBe(
      'criteria must name each of the rubric\'s criteria once: "Correctness", "Clarity".',
    );
    expect(
      expectFailure(
        await grade(invitationId, essay, {
          marks: 4,
          criteria: [
            { criterion: 'Correctness', marks: 3 },
            { criterion: 'Clarity', marks: 2 },
          ],
        }),
        '400.19',
      ).result,
    ).toBe('marks is 4 but the criteria add up to 5: they must agree.');
    expect(String(expectFailure(await grade(invitationId, essay, { marks: 1, comment: 'a\u001bb' }), '400.2').result)).toContain(
      'comment must not contain control characters (U+001B)',
    );
    expect(String(expectFailure(await grade(invitationId, essay, { marks: -1 }), '400.2').result)).toContain('marks must be 0 or more');
    expect(await h.store.grades.history(h.org.orgId, invitationId)).toEqual([]);
    expect(await report(invitationId)).toMatchObject({ reportStatus: 'In progress' });
  });

  it('refuses an answer that needs no grade (409.3) and an invitation not Completed (409.4)', async () => {
    const matched = await submitWritten(h, testId, 'matched@example.com', { short: 'Paris', essay: '  ' });
    await settle();
    expect(await report(matched.invitationId)).toMatchObject({ reportStatus: 'Generated', score: '3' });
    expect(expectFailure(await grade(matched.invitationId, matched.choice, { marks: 1 }), '409.3').result).toMatch(/single_choice question/);
    expect(expectFailure(await grade(matched.invitationId, matched.short, { marks: 1 }), '409.3').result).toMatch(/needs no grade/);
    expect(expectFailure(await grade(matched.invitationId, matched.essay, { marks: 1 }), '409.3').result).toMatch(/needs no grade/);
    const pending = await registerFor(h, testId, 'pending@example.com');
    expect(expectFailure(await grade(pending.invitationId, matched.essay, { marks: 1 }), '409.4').result).toBe(
      "This invitation is Pending: only a Completed invitation's answers are graded.",
    );
  });

  it('answers another org’s invitation 404.4 exactly like an unknown one, and a question of no test of it 404.8', async () => {
    const { invitationId, essay } = await awaitingReview('tenant@example.com');
    const other = await h.createOrg('Other');
    const foreign = await grade(invitationId, essay, { marks: 1 }, other.apiKey);
    const unknown = await grade(987_654_321, essay, { marks: 1 }, other.apiKey);
    expect(expectFailure(foreign, '404.4').result).toBe(`No test invitation ${invitationId}.`);
    expect(expectFailure(unknown, '404.4').result).toBe('No test invitation 987654321.');
    expect(expectFailure(await grade(invitationId, 987_654_321, { marks: 1 }), '404.8').result).toBe(
      "Question 987654321 is not a question of this invitation's test.",
    );
    expect(await h.store.grades.history(h.org.orgId, invitationId)).toEqual([]);
  });

  it('stops counting a reset attempt’s grades: the queue, the next attempt’s grading and its report show none; the history keeps them', async () => {
    const first = await awaitingReview('reset@example.com');
    const { invitationId, short, essay } = first;
    expectSuccess(await grade(invitationId, essay, { marks: 4 }, reviewer.apiKey));
    expectSuccess(await grade(invitationId, short, { marks: 2 }, reviewer.apiKey));
    expect(await report(invitationId)).toMatchObject({ reportStatus: 'Generated', score: '7' });
    const queued = async () =>
      expectSuccess<ReviewQueue>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?by=candidate&page_size=100` })).items.filter(
        (item) => item.testInvitationId === invitationId,
      );
    const written = async () =>
      expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` })).questions.flatMap((question) =>
        question.written ? [[question.questionId, question.written.marking, question.written.grade]] : [],
      );
    expect((await queued()).map((item) => item.grade?.marks)).toEqual([2, 4]);

    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/reset` }));
    expect(await queued()).toEqual([]);
    // The next attempt, submitted and not scored yet: none of its answers takes a grade, and its report shows no grade.
    const api = candidate(h, first.token);
    await api.client.start();
    expectSuccess(await api.answer(short, { text: 'Marseille' }));
    expectSuccess(await api.answer(essay, { text: 'This time I would hash first.' }));
    expectSuccess(await api.submit());
    expect(expectFailure(await grade(invitationId, essay, { marks: 4 }, reviewer.apiKey), '409.3').result).toMatch(/needs no grade/);
    expect(await written()).toEqual([
      [short, 'not_scored', null],
      [essay, 'not_scored', null],
    ]);
    await settle();
    expect(await written()).toEqual([
      [short, 'awaiting_review', null],
      [essay, 'awaiting_review', null],
    ]);
    const next = await queued();
    expect(next.map((item) => [item.questionId, item.answer.text, item.grade])).toEqual([
      [short, 'Marseille', null],
      [essay, 'This time I would hash first.', null],
    ]);
    const history = await h.store.grades.history(h.org.orgId, invitationId);
    expect(history.map((entry) => [entry.questionId, entry.marks, entry.supersededAt === null])).toEqual([
      [essay, 4, false],
      [short, 2, false],
    ]);
  });

  it('replays a PUT under its Idempotency-Key, and records the same grade again by the same key once', async () => {
    const { invitationId, essay } = await awaitingReview('retry@example.com');
    const headers = { 'idempotency-key': `grade-${backend}-1` };
    const first = await grade(invitationId, essay, { marks: 2 }, undefined, headers);
    const replay = await grade(invitationId, essay, { marks: 2 }, undefined, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expectFailure(await grade(invitationId, essay, { marks: 3 }, undefined, headers), '422.1');
    clock.advance(1_000);
    const repeat = expectSuccess<GradeRecorded>(await grade(invitationId, essay, { marks: 2 }));
    expect(repeat).toMatchObject({ regraded: false, grade: { gradedAt: expectSuccess<GradeRecorded>(first).grade.gradedAt } });
    expect(await h.store.grades.history(h.org.orgId, invitationId)).toHaveLength(1);
  });
});
