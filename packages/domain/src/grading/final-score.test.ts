import { describe, expect, it } from 'vitest';
import { scoreAttempt } from '../candidate/scoring.js';
import { finalScore } from './final-score.js';

const questions = [
  { questionId: 1, sectionId: 10 },
  { questionId: 2, sectionId: 10 },
  { questionId: 3, sectionId: 20 },
];

describe('finalScore', () => {
  it('sums the machine’s marks with the grades replacing theirs, per section and overall', () => {
    const score = finalScore(
      questions,
      new Map([
        [1, 4],
        [2, 0],
        [3, -1],
      ]),
      new Map([[2, 7.255]]),
    );
    expect(score.total).toBe(10.26);
    expect([...score.bySection]).toEqual([
      [10, 11.26],
      [20, -1],
    ]);
    expect([...score.byQuestion]).toEqual([
      [1, 4],
      [2, 7.255],
      [3, -1],
    ]);
  });

  it('sums as the machine’s scoring does: with no grade it is the machine’s score', () => {
    const definitions = questions.map((question) => ({
      ...question,
      definition: {
        type: 'single_choice' as const,
        text: 'Pick',
        marks: 1.005,
        negativeMarks: 0,
        options: [
          { text: 'a', correct: true },
          { text: 'b', correct: false },
        ],
      },
    }));
    const machine = scoreAttempt(definitions, new Map(questions.map((question) => [question.questionId, { optionIds: [0] }])), new Map());
    const final = finalScore(questions, machine.byQuestion, new Map());
    expect(final.total).toBe(machine.total);
    expect([...final.bySection]).toEqual([...machine.bySection]);
  });
});
