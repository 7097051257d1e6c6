import { describe, expect, it } from 'vitest';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { exposuresOf } from './exposures.js';

const question = (id: number, sectionId: number): QuestionRecord => ({
  id,
  sectionId,
  definition: {
    type: 'single_choice',
    text: `Q${id}`,
    marks: 1,
    negativeMarks: 0,
    options: [
      { text: 'a', correct: true },
      { text: 'b', correct: false },
    ],
  },
});
const section = (id: number, pool?: SectionRecord['pool']): Pick<SectionRecord, 'id' | 'pool'> => ({ id, ...(pool ? { pool } : {}) });

describe('exposures', () => {
  const questions = [question(1, 1), question(2, 1), question(3, 2), question(4, 2), question(5, 2)];

  it('count every question of a fixed section for each started attempt', () => {
    expect(exposuresOf([section(1), section(2)], questions, [11, null, 99])).toEqual(
      new Map([
        [1, 3],
        [2, 3],
        [3, 3],
        [4, 3],
        [5, 3],
      ]),
    );
  });

  it('count only a pool’s drawn questions, as many as drawn per attempt', () => {
    const seeds = Array.from({ length: 40 }, (_, index) => index * 7919 + 1);
    const counts = exposuresOf([section(1), section(2, { draw: 1, shuffleQuestions: false, shuffleOptions: false })], questions, seeds);
    expect(counts.get(1)).toBe(40);
    const pooled = [3, 4, 5].map((id) => counts.get(id) ?? 0);
    expect(pooled.reduce((sum, count) => sum + count, 0)).toBe(40);
    // A uniform draw of 1 in 3 over 40 attempts: every question of the pool is shown some of the time.
    expect(pooled.every((count) => count > 0 && count < 40)).toBe(true);
  });
});
