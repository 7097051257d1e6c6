import { describe, expect, it } from 'vitest';
import { attemptVariant } from '../candidate/question-variant.js';
import type { QuestionRecord } from '../records/test.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { poolRanking, poolStanding } from './pool-percentile.js';

const worth = (marks: number): QuestionDefinition =>
  QuestionDefinition.parse({ type: 'single_choice', text: `Worth ${marks}`, marks, options: [{ text: 'a', correct: true }, { text: 'b' }] });
/** A pool of two questions, worth 1 and 4, one drawn per candidate. */
const questions: QuestionRecord[] = [
  { id: 1, sectionId: 9, definition: worth(1) },
  { id: 2, sectionId: 9, definition: worth(4) },
];
const sections = [{ id: 9, pool: { draw: 1, shuffleQuestions: false, shuffleOptions: false } }];
/** Seeds that draw question 1 (worth 1) and question 2 (worth 4). */
const seedDrawing = (questionId: number): number => {
  for (let seed = 0; ; seed += 1) if (attemptVariant(sections, questions, seed)[0]?.questionId === questionId) return seed;
};

describe('poolStanding', () => {
  it('compares candidates by the share of their own draw they earned, not by raw marks', () => {
    const cheap = seedDrawing(1);
    const dear = seedDrawing(2);
    // Full marks on the 1-mark question is as good as full marks on the 4-mark one, and better than 2 of 4.
    const scored = [
      { score: 1, variantSeed: cheap },
      { score: 4, variantSeed: dear },
      { score: 2, variantSeed: dear },
      { score: 0, variantSeed: cheap },
    ];
    expect(poolStanding({ score: 1, variantSeed: cheap }, scored, sections, questions)).toEqual({ below: 2, tied: 2, total: 4 });
    expect(poolStanding({ score: 2, variantSeed: dear }, scored, sections, questions)).toEqual({ below: 1, tied: 1, total: 4 });
  });
});

describe('poolRanking', () => {
  it('stands every attempt as poolStanding does, reading the scored attempts once', () => {
    const cheap = seedDrawing(1);
    const dear = seedDrawing(2);
    const scored = [
      { score: 1, variantSeed: cheap },
      { score: 4, variantSeed: dear },
      { score: 2, variantSeed: dear },
      { score: 0, variantSeed: cheap },
    ];
    const rank = poolRanking(scored, sections, questions);
    for (const attempt of [...scored, { score: 3, variantSeed: dear }]) {
      expect(rank(attempt)).toEqual(poolStanding(attempt, scored, sections, questions));
    }
    expect(rank({ score: 3, variantSeed: dear })).toEqual({ below: 2, tied: 0, total: 4 });
  });
});
