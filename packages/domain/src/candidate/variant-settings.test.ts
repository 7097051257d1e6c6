import { describe, expect, it } from 'vitest';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { attemptVariant, isFixedAttempt, variantMaxScores } from './question-variant.js';
import { attemptSeedOf, readAttemptSeed } from './variant-settings.js';

const choice = (text: string): QuestionDefinition =>
  QuestionDefinition.parse({
    type: 'single_choice',
    text,
    options: Array.from({ length: 5 }, (_, index) => ({ text: `option ${index}`, correct: index === 0 })),
  });

/** Two sections of five choice questions each (ids 101–105, 201–205), authored without any pool setting. */
const questions: QuestionRecord[] = [1, 2].flatMap((sectionId) =>
  [1, 2, 3, 4, 5].map((n) => ({ id: sectionId * 100 + n, sectionId, definition: choice(`Q${sectionId}.${n}`) })),
);
const authored: Pick<SectionRecord, 'id' | 'pool'>[] = [{ id: 1 }, { id: 2 }];
const shuffling: Pick<SectionRecord, 'id' | 'pool'>[] = [
  { id: 1, pool: { draw: null, shuffleQuestions: true, shuffleOptions: true } },
  { id: 2, pool: { draw: 3, shuffleQuestions: true, shuffleOptions: true } },
];
const settings = (randomQuestions: boolean, randomAnswers: boolean) => ({ questionSettings: { randomQuestions, randomAnswers, showQuestionScore: true } });
const order = (sections: typeof authored, seed: number) => attemptVariant(sections, questions, seed).map((question) => question.questionId);
const optionOrders = (sections: typeof authored, seed: number) => attemptVariant(sections, questions, seed).map((question) => question.optionOrder);
const definitionOrder = questions.map((question) => question.id);

describe('the test settings’ shuffle choice in the attempt’s seed', () => {
  it('shuffles a test authored in order when randomQuestions is on: two candidates, two orders', () => {
    const first = order(authored, attemptSeedOf(7, settings(true, false)));
    const second = order(authored, attemptSeedOf(8, settings(true, false)));
    expect(first).not.toEqual(definitionOrder);
    expect(second).not.toEqual(first);
    expect([...first].sort()).toEqual([...definitionOrder].sort());
    // Each section's questions stay in their section: shuffling is within sections, as the definition's flags do it.
    expect(first.slice(0, 5).every((id) => id < 200)).toBe(true);
  });

  it('keeps the definition’s order when randomQuestions is off, even where the sections shuffle', () => {
    const seed = attemptSeedOf(7, settings(false, false));
    const asked = order(shuffling, seed);
    expect(asked.slice(0, 5)).toEqual([101, 102, 103, 104, 105]);
    // The pool's draw is the definition's and stays (three of section 2), only in authored order now.
    expect(asked.slice(5)).toHaveLength(3);
    expect(asked.slice(5)).toEqual([...asked.slice(5)].sort());
    expect(optionOrders(shuffling, seed).every((options) => options === null)).toBe(true);
    expect(variantMaxScores(shuffling, questions, seed).total).toBe(8);
  });

  it('shuffles options under randomAnswers alone, keeping the questions’ order', () => {
    const seed = attemptSeedOf(7, settings(false, true));
    expect(order(authored, seed)).toEqual(definitionOrder);
    const orders = optionOrders(authored, seed);
    expect(orders.every((options) => options !== null && [...options].sort().join() === '0,1,2,3,4')).toBe(true);
    expect(orders.some((options) => options?.join() !== '0,1,2,3,4')).toBe(true);
  });

  it('is the same variant on every read of the same seed (a reload never reorders)', () => {
    const seed = attemptSeedOf(123_456, settings(true, true));
    expect(attemptVariant(authored, questions, seed)).toEqual(attemptVariant(authored, questions, seed));
  });

  it('leaves a test without stored settings to its sections’ flags: the drawn seed is stored as it was', () => {
    expect(attemptSeedOf(42, null)).toBe(42);
    expect(order(authored, 42)).toEqual(definitionOrder);
    expect(readAttemptSeed(42)).toEqual({ generator: 42, choice: null });
  });

  it('folds every drawn seed and choice into a 32-bit signed integer and reads them back', () => {
    for (const drawn of [0, 1, 2 ** 29 - 1, 2 ** 31 - 2])
      for (const [questionsOn, optionsOn] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ] as const) {
        const seed = attemptSeedOf(drawn, settings(questionsOn, optionsOn));
        expect(seed).toBeLessThan(0);
        expect(seed).toBeGreaterThanOrEqual(-(2 ** 31));
        expect(readAttemptSeed(seed)).toEqual({ generator: drawn % 2 ** 29, choice: { questions: questionsOn, options: optionsOn } });
      }
  });

  it('says an attempt was asked as authored only when nothing drew or shuffled it', () => {
    expect(isFixedAttempt(authored, 42)).toBe(true);
    expect(isFixedAttempt(authored, attemptSeedOf(42, settings(false, false)))).toBe(true);
    expect(isFixedAttempt(authored, attemptSeedOf(42, settings(true, false)))).toBe(false);
    expect(isFixedAttempt(shuffling, attemptSeedOf(42, settings(false, false)))).toBe(false);
  });
});
