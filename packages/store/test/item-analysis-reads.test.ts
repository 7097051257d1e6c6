import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyseItems, analysedQuestionsOf, exposuresOf, moveInvitation, TestDefinition } from '@assay/domain';
import type { Store } from '../src/index.js';
import { registeredAt, scratchOrgWithTest } from './fixtures.js';

const options = [{ text: 'right', correct: true }, { text: 'wrong B' }, { text: 'wrong C' }, { text: 'wrong D' }];
const definition = TestDefinition.parse({
  testName: 'Item analysis',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [1, 2, 3, 4, 5].map((n) => ({ type: 'single_choice', text: `Question ${n}`, marks: 2, options })),
    },
  ],
});
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const CANDIDATES = 30;

/**
 * Thirty scripted candidates of rising ability k = 0…29. Questions 1, 2, 3 and 5 are right from an ability up (they
 * discriminate); question 4 is the planted one, right for every even k whatever the ability. A wrong answer picks B,
 * C or D in turn, except on question 5, whose wrong answers never pick D (the planted unpicked distractor).
 */
const rightFrom = [5, 12, 18, null, 8] as const;
const isRight = (question: number, k: number): boolean => {
  const from = rightFrom[question];
  return from === null || from === undefined ? k % 2 === 0 : k >= from;
};
const chosenOption = (question: number, k: number): number => (isRight(question, k) ? 0 : question === 4 ? 1 + (k % 2) : 1 + (k % 3));

describe.each(['sqlite', 'postgres'] as const)('item analysis’s reads on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let questionIds: number[];

  beforeAll(async () => {
    ({ store, dispose, orgId, testId, questionIds } = await scratchOrgWithTest(backend, inject('pgUrl'), definition, `items-${backend}`, T0));
    for (let k = 0; k < CANDIDATES; k++) {
      const at = T0 + k * 1000;
      const { id } = await registeredAt(store, orgId, testId, `c${k}@example.com`, `items-${backend}-${k}`, at);
      await store.invitations.applyMove(orgId, id, (current) => moveInvitation(current, { type: 'start', at, durationMinutes: 30 }), at);
      for (const [question, questionId] of questionIds.entries()) {
        expect(await store.attempts.saveAnswer(id, questionId, { optionIds: [chosenOption(question, k)] }, at + 1)).toBe(true);
      }
      // The time the page reported: question 1 in view (k + 1) × 10 seconds.
      await store.db
        .insertInto('question_signals')
        .values({
          invitation_id: id,
          question_id: questionIds[0]!,
          time_ms: (k + 1) * 10_000,
          in_view_since: null,
          first_viewed_at: at,
          first_keystroke_at: null,
          pastes: 0,
          pasted_chars: 0,
          insertions: 0,
          events: '[]',
          typing: null,
        })
        .execute();
      await store.invitations.applyMove(orgId, id, (current) => moveInvitation(current, { type: 'submit', at: at + 2 }), at + 2);
      const marks = questionIds.map((_, question): number => (isRight(question, k) ? 2 : 0));
      await store.attempts.saveScore(
        id,
        {
          score: marks.reduce((sum, mark) => sum + mark, 0),
          timeTaken: 10,
          sections: [],
          questions: marks.map((mark, index) => ({ questionId: questionIds[index]!, marks: mark, cases: null })),
        },
        at + 3,
      );
    }
    // One more candidate still taking the test: shown every question (an exposure), not analysed.
    const running = await registeredAt(store, orgId, testId, 'running@example.com', `items-${backend}-running`, T0);
    await store.invitations.applyMove(orgId, running.id, (current) => moveInvitation(current, { type: 'start', at: T0, durationMinutes: 30 }), T0);
    // And one who never started.
    await registeredAt(store, orgId, testId, 'waiting@example.com', `items-${backend}-waiting`, T0);
  }, 120_000);
  afterAll(() => dispose());

  const analysis = async () => {
    const [sections, questions] = await Promise.all([store.tests.sections(testId), store.attempts.questions(testId)]);
    const reads = await store.attemptLog.itemAnalysisReads(orgId, testId, questionIds);
    return analyseItems({
      testId,
      questions: analysedQuestionsOf(sections, questions, (question) => question.text),
      attempts: reads.attempts,
      exposures: exposuresOf(sections, questions, reads.startedSeeds),
    });
  };

  it('reads the finished attempts’ marks, choices and times, and counts every started attempt’s exposures', async () => {
    const { scoredAttempts, questions } = await analysis();
    expect(scoredAttempts).toBe(CANDIDATES);
    expect(questions.map((row) => [row.attempts, row.exposures])).toEqual(questionIds.map(() => [CANDIDATES, CANDIDATES + 1]));
    expect(questions.map((row) => row.facility)).toEqual([25 / 30, 18 / 30, 12 / 30, 15 / 30, 22 / 30].map((share) => Math.round(share * 1000) / 1000));
    // Question 1: 10, 20 … 300 seconds; the median of 30 is the mean of the 15th and 16th, 155 s.
    expect(questions[0]).toMatchObject({ medianTimeSeconds: 155, timedAttempts: CANDIDATES });
    expect(questions[1]).toMatchObject({ medianTimeSeconds: null, timedAttempts: 0 });
  });

  it('flags the planted non-discriminating question and the distractor nobody picks, and nothing on the sound ones', async () => {
    const { questions } = await analysis();
    const [q1, q2, q3, q4, q5] = questions;
    expect(q4?.discrimination).not.toBeNull();
    expect(q4!.discrimination!).toBeLessThan(0.2);
    expect(q4?.flags.some((flag) => flag === 'weak-discrimination' || flag === 'negative-discrimination')).toBe(true);
    for (const row of [q1, q2, q3, q5]) {
      expect(row!.discrimination!).toBeGreaterThan(0.4);
      expect(row!.upperLowerIndex!).toBeGreaterThan(0.5);
      expect(row?.flags.filter((flag) => flag.endsWith('discrimination'))).toEqual([]);
    }
    expect(q5?.flags).toContain('unpicked-distractor');
    expect(q5?.options?.map((option) => option.chosen)).toEqual([22, 4, 4, 0]);
    expect(q5?.options?.[3]?.flags).toEqual(['unpicked-distractor']);
    for (const row of [q1, q2, q3]) expect(row?.flags).not.toContain('unpicked-distractor');
  });

  it('reads nothing of the test for another org', async () => {
    const otherOrg = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    expect(await store.attemptLog.itemAnalysisReads(otherOrg, testId, questionIds)).toEqual({ attempts: [], startedSeeds: [] });
  });
});
