import { describe, expect, it } from 'vitest';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { askedQuestion, attemptVariant, isInVariant, questionsOfVariant } from './question-variant.js';

const choice = (text: string, options = 4): QuestionDefinition =>
  QuestionDefinition.parse({
    type: 'single_choice',
    text,
    options: Array.from({ length: options }, (_, index) => ({ text: `option ${index}`, correct: index === 0 })),
  });
const written = (text: string): QuestionDefinition => QuestionDefinition.parse({ type: 'short_answer', text, acceptedAnswers: [{ answer: 'x' }] });

/** Section 1: a pool of 6 choice questions (ids 101–106); section 2: two fixed written questions (201, 202). */
const questions: QuestionRecord[] = [
  ...[101, 102, 103, 104, 105, 106].map((id) => ({ id, sectionId: 1, definition: choice(`Q${id}`) })),
  { id: 201, sectionId: 2, definition: written('W1') },
  { id: 202, sectionId: 2, definition: written('W2') },
];
const pooled = (pool: SectionRecord['pool']): Pick<SectionRecord, 'id' | 'pool'>[] => [{ id: 1, pool }, { id: 2 }];
const drawTwoShuffled = pooled({ draw: 2, shuffleQuestions: true, shuffleOptions: true });

describe('attemptVariant', () => {
  it('is the same for the same seed, every time', () => {
    for (const seed of [0, 1, 42, 2 ** 31 - 2])
      expect(attemptVariant(drawTwoShuffled, questions, seed)).toEqual(attemptVariant(drawTwoShuffled, questions, seed));
  });

  it('keeps the variant a seed names (a stored seed must still name what its candidate saw)', () => {
    // Pinned: changing the generator or the algorithm would silently change every stored attempt's variant.
    expect(attemptVariant(drawTwoShuffled, questions, 42)).toMatchInlineSnapshot(`
      [
        {
          "optionOrder": [
            3,
            2,
            1,
            0,
          ],
          "questionId": 102,
          "sectionId": 1,
        },
        {
          "optionOrder": [
            0,
            1,
            3,
            2,
          ],
          "questionId": 101,
          "sectionId": 1,
        },
        {
          "optionOrder": null,
          "questionId": 201,
          "sectionId": 2,
        },
        {
          "optionOrder": null,
          "questionId": 202,
          "sectionId": 2,
        },
      ]
    `);
  });

  it('asks exactly the draw of a pool, different questions, and every question of a section without one', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const variant = attemptVariant(drawTwoShuffled, questions, seed);
      const pool = variant.filter((question) => question.sectionId === 1).map((question) => question.questionId);
      expect(pool).toHaveLength(2);
      expect(new Set(pool).size).toBe(2);
      pool.forEach((id) => expect(id).toBeGreaterThanOrEqual(101));
      expect(variant.filter((question) => question.sectionId === 2).map((question) => question.questionId)).toEqual([201, 202]);
    }
  });

  it('draws every question about equally often, and every option order', () => {
    const drawn = new Map<number, number>();
    const firsts = new Map<number, number>();
    const runs = 6000;
    for (let seed = 0; seed < runs; seed += 1) {
      for (const question of attemptVariant(drawTwoShuffled, questions, seed).filter((entry) => entry.sectionId === 1)) {
        drawn.set(question.questionId, (drawn.get(question.questionId) ?? 0) + 1);
        const first = question.optionOrder?.[0] ?? -1;
        firsts.set(first, (firsts.get(first) ?? 0) + 1);
      }
    }
    // Each of 6 questions is drawn with probability 2/6: 2000 times in 6000 attempts, give or take a few percent.
    for (const id of [101, 102, 103, 104, 105, 106]) expect(Math.abs((drawn.get(id) ?? 0) - 2000)).toBeLessThan(200);
    // Each of 4 options comes first a quarter of the time (12000 questions shown).
    for (const option of [0, 1, 2, 3]) expect(Math.abs((firsts.get(option) ?? 0) - 3000)).toBeLessThan(250);
  });

  it('keeps the authored order without shuffleQuestions, and the options without shuffleOptions', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const variant = attemptVariant(pooled({ draw: 3, shuffleQuestions: false, shuffleOptions: false }), questions, seed);
      const pool = variant.filter((question) => question.sectionId === 1);
      expect(pool.map((question) => question.questionId)).toEqual([...pool.map((question) => question.questionId)].sort((a, b) => a - b));
      pool.forEach((question) => expect(question.optionOrder).toBeNull());
    }
  });

  it('shuffles every question without a draw when asked to', () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 50; seed += 1) {
      const variant = attemptVariant(pooled({ draw: null, shuffleQuestions: true, shuffleOptions: false }), questions, seed);
      const ids = variant.filter((question) => question.sectionId === 1).map((question) => question.questionId);
      expect([...ids].sort()).toEqual([101, 102, 103, 104, 105, 106]);
      orders.add(ids.join());
    }
    expect(orders.size).toBeGreaterThan(40);
  });

  it('gives options a permutation of their canonical ids', () => {
    const variant = attemptVariant(pooled({ draw: null, shuffleQuestions: false, shuffleOptions: true }), questions, 7);
    for (const question of variant.filter((entry) => entry.sectionId === 1)) expect([...(question.optionOrder ?? [])].sort()).toEqual([0, 1, 2, 3]);
    // Written questions have no options to order.
    for (const question of variant.filter((entry) => entry.sectionId === 2)) expect(question.optionOrder).toBeNull();
  });

  it('before a start (no seed) counts a pool as its draw, and asks a test without pools as authored', () => {
    expect(attemptVariant(drawTwoShuffled, questions, null).map((question) => question.questionId)).toEqual([101, 102, 201, 202]);
    expect(attemptVariant([{ id: 1 }, { id: 2 }], questions, 42).map((question) => question.questionId)).toEqual([101, 102, 103, 104, 105, 106, 201, 202]);
  });

  it('maps a variant to its questions, in order, and tells which were asked', () => {
    const variant = attemptVariant(drawTwoShuffled, questions, 3);
    expect(questionsOfVariant(variant, questions).map((question) => question.id)).toEqual(variant.map((question) => question.questionId));
    const asked = new Set(variant.map((question) => question.questionId));
    for (const { id } of questions) expect(isInVariant(variant, id)).toBe(asked.has(id));
  });
});

describe('askedQuestion', () => {
  it('answers a question outside the draw exactly like a question of no test (decision 643)', () => {
    const drawn = new Set(attemptVariant(drawTwoShuffled, questions, 42).map((question) => question.questionId));
    const undrawn = questions.find((question) => !drawn.has(question.id))!;
    const asked = questions.find((question) => drawn.has(question.id))!;
    expect(askedQuestion(drawTwoShuffled, questions, 42, asked.id)).toEqual({ val: asked });
    expect(askedQuestion(drawTwoShuffled, questions, 42, undrawn.id).err).toEqual({
      kind: 'question-not-found',
      message: `Question ${undrawn.id} is not one of the questions of your test.`,
    });
    expect(askedQuestion(drawTwoShuffled, questions, 42, 999).err).toEqual({
      kind: 'question-not-found',
      message: 'Question 999 is not one of the questions of your test.',
    });
  });

  it('takes every question of a test without pools', () => {
    expect(askedQuestion(pooled(undefined), questions, null, 106).val?.id).toBe(106);
  });
});
