import { describe, expect, it } from 'vitest';
import { attemptVariant } from '../candidate/question-variant.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { variantOrderText } from './variant-order-text.js';

const question = (id: number, sectionId: number, options = 0): QuestionRecord =>
  ({
    id,
    sectionId,
    definition:
      options > 0
        ? { type: 'single_choice', text: `Q${id}`, marks: 1, options: Array.from({ length: options }, (_, index) => `option ${index}`), correct: [0] }
        : { type: 'coding', text: `Q${id}`, marks: 5 },
  }) as unknown as QuestionRecord;

describe('variantOrderText: the order a candidate was shown, in one workbook cell', () => {
  it('names questions by report number, sections apart, shuffled options by authored letter in the order shown', () => {
    const variant = [
      { questionId: 14, sectionId: 1, optionOrder: null },
      { questionId: 11, sectionId: 1, optionOrder: [2, 0, 1, 3] },
      { questionId: 21, sectionId: 2, optionOrder: null },
      { questionId: 99, sectionId: 2, optionOrder: null },
    ];
    const numberOf = new Map([
      [11, 1],
      [14, 4],
      [21, 7],
    ]);
    expect(variantOrderText(variant, numberOf)).toBe('Q4, Q1 (C A B D) · Q7, #99');
  });

  it('reads the same text from the same seed, and the draw of another seed can differ only in what it lists', () => {
    const sections = [
      { id: 1, pool: { draw: 2, shuffleQuestions: true, shuffleOptions: true } },
      { id: 2, pool: undefined },
    ] as unknown as SectionRecord[];
    const questions = [question(1, 1, 4), question(2, 1, 3), question(3, 1, 2), question(4, 2)];
    const numberOf = new Map(questions.map((entry, index) => [entry.id, index + 1]));
    const text = variantOrderText(attemptVariant(sections, questions, 123), numberOf);
    expect(variantOrderText(attemptVariant(sections, questions, 123), numberOf)).toBe(text);
    expect(text).toMatch(/^Q[123] \([A-D]( [A-D])+\), Q[123] \([A-D]( [A-D])+\) · Q4$/);
  });
});
