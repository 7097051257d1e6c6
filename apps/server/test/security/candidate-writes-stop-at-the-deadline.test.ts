import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitSnapshot, type CandidateSession, type TestLink } from '@assay/domain';
import { dataUrl, realImage } from '../../../../packages/reports/test/hostile-images.js';
import { candidate, manualClock, questionIdsOf, tokenOf } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const iso = (at: number) => new Date(at).toISOString();

/**
 * Attack class: writes of a candidate after the deadline, while the attempt is not yet completed (the answer grace,
 * during which answers made before the deadline may still arrive): camera snapshots, integrity events of every
 * kind (question events, pastes and keystrokes among them), sample runs, answers made after the deadline (and the
 * code history they would add to). Each is refused with 403.11 and stores nothing — checked by
 * the service before it works and by the store in the transaction that writes. Answers made before the deadline
 * and arriving within the grace are still taken (late saves).
 */
describe.each(backends)('candidate writes stop at the deadline, on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;
  let link: TestLink;
  let jpeg: string;
  let registered = 0;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
    link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Proctored', timeZoneId: 1720, accessTime: 0, imageProctoring: 1 },
      }),
    );
    jpeg = dataUrl('image/jpeg', await realImage('jpeg'));
  });
  afterAll(() => h.close());

  /** A started attempt on the proctored link, with its deadline, question and section ids. */
  const started = async () => {
    clock.set(START);
    registered += 1;
    const result = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: `deadline${registered}@example.com`, fullName: `Late ${registered}` },
      }),
    );
    const api = candidate(h, tokenOf(result.testUrl));
    const session = expectSuccess<CandidateSession>(await api.start());
    return {
      invitationId: result.testInvitationId,
      api,
      deadline: Date.parse(session.deadline!),
      questionIds: questionIdsOf(session),
      sectionId: session.test.sections[0]!.sectionId,
    };
  };

  /** What the candidate's writes left behind: snapshots, logged events, counters, answers. */
  const traces = async (invitationId: number) => ({
    snapshots: (await h.store.attempts.snapshotList(invitationId)).length,
    events: Object.values(await h.store.attemptLog.events(invitationId)).reduce((sum, kept) => sum + kept.head.length + kept.tail.length, 0),
    proctoring: (await h.store.attempts.findById(invitationId))!.invitation.proctoring,
    answers: (await h.store.attempts.answers(invitationId)).length,
    questionSignals: [...(await h.store.questionSignals.ofAttempt(invitationId)).values()],
    playback: [...(await h.store.questionSignals.playback(invitationId)).values()],
  });

  it.each([
    ['at the deadline', 0],
    ['a second after it', 1_000],
    ['well within the answer grace', 30_000],
    ['at the end of the grace', 59_999],
  ])('%s every write but a late save is refused with 403.11 and leaves nothing', async (_when, afterDeadline) => {
    const attempt = await started();
    const { api, deadline, invitationId, questionIds, sectionId } = attempt;
    clock.set(deadline + afterDeadline);
    const before = await traces(invitationId);
    expectFailure(await api.snapshot(jpeg), '403.11');
    for (const type of ['left', 'returned', 'unload'] as const) expectFailure(await api.event(type, iso(deadline - 5_000)), '403.11');
    expectFailure(await api.event('section', iso(deadline - 5_000), { sectionId }), '403.11');
    const questionId = questionIds[2]!;
    expectFailure(await api.event('question', iso(deadline - 5_000), { questionId }), '403.11');
    expectFailure(await api.event('keystroke', iso(deadline - 5_000), { questionId }), '403.11');
    for (const type of ['paste', 'insertion'] as const)
      expectFailure(await api.event(type, iso(deadline - 5_000), { questionId, chars: 400, lines: 12 }), '403.11');
    expectFailure(await api.answer(questionId, { code: 'function sum() { return 1; }' }), '403.11');
    expectFailure(await api.run(questionIds[2]!, 'function sum() { return 0; }'), '403.11');
    expectFailure(await api.answer(questionIds[0]!, { optionIds: [1] }), '403.11');
    expectFailure(await api.answer(questionIds[0]!, { optionIds: [1], editedAt: iso(deadline + afterDeadline) }), '403.11');
    expect(await traces(invitationId)).toEqual(before);
  });

  it('before the deadline the same writes are taken, and an answer made before it is still taken within the grace', async () => {
    const { api, deadline, invitationId, questionIds } = await started();
    clock.set(deadline - 1_000);
    expectSuccess(await api.snapshot(jpeg));
    expectSuccess(await api.event('left', iso(deadline - 1_000)));
    expectSuccess(await api.event('question', iso(deadline - 1_000), { questionId: questionIds[2]! }));
    expectSuccess(await api.event('paste', iso(deadline - 1_000), { questionId: questionIds[2]!, chars: 400, lines: 12 }));
    clock.set(deadline + 30_000);
    expectSuccess(await api.answer(questionIds[0]!, { optionIds: [1], editedAt: iso(deadline - 2_000) }));
    // A code answer made before the deadline is taken within the grace, and so is its frame of the code's history.
    expectSuccess(await api.answer(questionIds[2]!, { code: 'function sum() { return 1; }', editedAt: iso(deadline - 2_000) }));
    expect(await traces(invitationId)).toMatchObject({
      snapshots: 1,
      events: 1,
      answers: 2,
      proctoring: { wv: 1 },
      questionSignals: [{ pastes: 1, pastedChars: 400 }],
      playback: [[{ inserted: 'function sum() { return 1; }' }]],
    });
  });

  describe('the store checks the deadline again where it writes', () => {
    it('an event is neither logged nor counted once the deadline has passed', async () => {
      const { deadline, invitationId } = await started();
      const previous = (await h.store.attempts.findById(invitationId))!.invitation.proctoring;
      const next = { ...previous, wv: previous.wv + 1, leftAt: deadline - 1 };
      const write = (now: number) => h.store.attempts.recordEvent(invitationId, { kind: 'left', at: deadline - 1 }, { previous, next }, now);
      expect(await write(deadline)).toBe(false);
      expect(await write(deadline + 30_000)).toBe(false);
      expect(await traces(invitationId)).toMatchObject({ events: 0, proctoring: previous });
      expect(await write(deadline - 1)).toBe(true);
      expect(await traces(invitationId)).toMatchObject({ events: 1, proctoring: { wv: previous.wv + 1 } });
    });

    it('a snapshot is decided on the deadline read in its transaction', async () => {
      const { deadline, invitationId } = await started();
      const store = (now: number) =>
        h.store.attempts.addSnapshotIfAdmitted({ invitationId, takenAt: now, mediaType: 'image/jpeg', data: Buffer.from([1]) }, now - 150_000, (facts) =>
          admitSnapshot({ ...facts, imageProctoring: true, now }),
        );
      expect((await store(deadline + 10_000)).err?.kind).toBe('attempt-over');
      expect((await store(deadline)).err?.kind).toBe('attempt-over');
      expect((await store(deadline - 1)).val).toBeGreaterThan(0);
      expect((await traces(invitationId)).snapshots).toBe(1);
    });

    it('an answer is written within the grace it is given, and not after', async () => {
      const { deadline, invitationId, questionIds } = await started();
      const save = (now: number, graceMs?: number) => h.store.attempts.saveAnswer(invitationId, questionIds[0]!, { optionIds: [1] }, now, graceMs);
      expect(await save(deadline + 1)).toBe(false);
      expect(await save(deadline + 60_000, 60_000)).toBe(false);
      expect(await save(deadline + 59_999, 60_000)).toBe(true);
    });
  });
});
