import { describe, expect, it } from 'vitest';
import { FreeTextQuestion } from '../schemas/written-questions.js';
import { checkWordLimit, countWords, isTextAnswerGiven } from './written-answer.js';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t', 0],
    ['one', 1],
    ['Hello, world!', 2],
    ["don't stop", 2],
    ['pi is 3.14', 3],
    ['— … !!! 🎉', 0],
    ['line one\nline two', 4],
    ['你好世界', 2],
    ['well-known e-mail', 4],
  ])('"%s" has %i words', (text, words) => expect(countWords(text)).toBe(words));
});

describe('checkWordLimit', () => {
  const limited = FreeTextQuestion.parse({ type: 'free_text', text: 'Q', wordLimit: 3 });

  it('takes an answer at the limit', () => {
    expect(checkWordLimit(limited, 'one two three').err).toBeUndefined();
  });

  it('refuses one over it with 400.18, saying how many words and the limit', () => {
    expect(checkWordLimit(limited, 'one two three four').err).toEqual({
      kind: 'answer-over-word-limit',
      message: 'This answer has 4 words; this question takes at most 3. Shorten it to save it.',
    });
  });

  it('takes anything without a limit', () => {
    expect(checkWordLimit(FreeTextQuestion.parse({ type: 'free_text', text: 'Q' }), 'word '.repeat(10_000)).err).toBeUndefined();
  });
});

describe('isTextAnswerGiven', () => {
  it.each([
    [undefined, false],
    ['', false],
    [' \n ', false],
    ['x', true],
  ])('%j: %s', (text, given) => expect(isTextAnswerGiven(text)).toBe(given));
});
