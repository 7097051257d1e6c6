import { describe, expect, it } from 'vitest';
import { variantText } from './pdf-facts.js';

describe('variantText', () => {
  it('names each section as drawn and shuffled, and the seed', () => {
    expect(
      variantText({
        seed: 123,
        questionIds: [3, 1, 9],
        sections: [
          { sectionName: 'HTTP', asked: 2, poolSize: 6, shuffleQuestions: true, shuffleOptions: true },
          { sectionName: 'Coding', asked: 1, poolSize: 1, shuffleQuestions: false, shuffleOptions: false },
        ],
      }),
    ).toBe('HTTP: 2 of 6 drawn, questions and options shuffled; Coding: as authored · seed 123');
  });

  it('says when no draw exists yet', () => {
    expect(
      variantText({ seed: null, questionIds: [], sections: [{ sectionName: 'S', asked: 3, poolSize: 3, shuffleQuestions: false, shuffleOptions: true }] }),
    ).toBe('S: options shuffled · not drawn yet');
  });
});
