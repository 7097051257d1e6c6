import { describe, expect, it } from 'vitest';
import { essayCheckPasses, replyGivesShortAnswer } from './written-reply-check.js';

describe('the written replies’ checks', () => {
  it('finds an accepted short answer as the scoring would accept it, and only then', () => {
    const text = [{ answer: 'Hash map', match: 'text' as const }];
    expect(replyGivesShortAnswer(text, 'Use a HASH   MAP here.')).toBe(true);
    expect(replyGivesShortAnswer(text, 'A hash mapping is another thing: think about lookups.')).toBe(false);
    const number = [{ answer: '42', match: 'number' as const, tolerance: 0.5 }];
    expect(replyGivesShortAnswer(number, 'It comes to 42.3, roughly.')).toBe(true);
    expect(replyGivesShortAnswer(number, 'Count them: more than 40.')).toBe(false);
    const pattern = [{ answer: 'O\\(n( log n)?\\)', match: 'pattern' as const }];
    expect(replyGivesShortAnswer(pattern, 'The cost is O(n log n).')).toBe(true);
    expect(replyGivesShortAnswer(pattern, 'Think about the loops.')).toBe(false);
  });

  it('passes an essay reply only on a clear HINT', () => {
    expect([
      essayCheckPasses('HINT'),
      essayCheckPasses(' hint.'),
      essayCheckPasses('ANSWER'),
      essayCheckPasses('HINT or ANSWER'),
      essayCheckPasses(''),
    ]).toEqual([true, false, false, false, false]);
  });
});
