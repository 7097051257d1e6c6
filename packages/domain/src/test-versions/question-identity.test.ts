import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../records/test.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { currentQuestionIdsOf } from './question-identity.js';

const choice = (text: string, correct: number, key?: string): QuestionDefinition =>
  QuestionDefinition.parse({
    type: 'single_choice',
    text,
    options: ['A', 'B'].map((option, index) => ({ text: option, correct: index === correct })),
    ...(key === undefined ? {} : { key }),
  });
const record = (id: number, definition: QuestionDefinition): QuestionRecord => ({ id, sectionId: 1, definition });

describe('currentQuestionIdsOf', () => {
  it('maps a kept key, however reworded, and an unchanged unkeyed question to the current question', () => {
    const first = [record(1, choice('What is 1 + 1?', 0, 'sum')), record(2, choice('Pick B', 1)), record(3, choice('Pick A', 0))];
    const current = [record(11, choice('What is one plus one?', 0, 'sum')), record(12, choice('Pick B', 1)), record(13, choice('Pick A!', 0))];
    expect([...currentQuestionIdsOf([...first, ...current], current)]).toEqual([
      [1, 11],
      [2, 12],
      [11, 11],
      [12, 12],
      [13, 13],
    ]);
  });

  it('maps nothing of a question whose key is gone (reimplemented) or whose unkeyed content changed', () => {
    const first = [record(1, choice('Sum', 0, 'sum')), record(2, choice('Pick B', 1))];
    const current = [record(11, choice('Sum', 1, 'sum-2')), record(12, choice('Pick B', 0))];
    expect(currentQuestionIdsOf(first, current).size).toBe(0);
  });
});
