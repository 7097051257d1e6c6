import { describe, expect, it } from 'vitest';
import { tallyWords, wordNews } from './word-count.js';

const words = (count: number): string => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('the word counter of a written answer', () => {
  it('counts as the server does and shows the limit', () => {
    expect(tallyWords("Don't panic: 3.14 is well-known.", 300)).toEqual({ words: 6, level: 'within', label: '6 / 300 words' });
    expect(tallyWords('', 300).label).toBe('0 / 300 words');
    expect(tallyWords('one', null)).toEqual({ words: 1, level: 'within', label: '1 word' });
    expect(tallyWords('one two', null).label).toBe('2 words');
  });

  it('is near in the last tenth of the limit and says by how much it is over', () => {
    expect(tallyWords(words(269), 300).level).toBe('within');
    expect(tallyWords(words(270), 300).level).toBe('near');
    expect(tallyWords(words(300), 300).level).toBe('near');
    expect(tallyWords(words(312), 300)).toEqual({ words: 312, level: 'over', label: '312 / 300 words: 12 over the limit' });
    // A small limit: the last word is near.
    expect(tallyWords(words(3), 5).level).toBe('within');
    expect(tallyWords(words(4), 5).level).toBe('near');
  });

  it('is announced only when its level changes', () => {
    const limit = 300;
    expect(wordNews('within', tallyWords(words(120), limit), limit)).toBeNull();
    expect(wordNews('within', tallyWords(words(280), limit), limit)).toBe('280 of 300 words: near the word limit.');
    expect(wordNews('near', tallyWords(words(281), limit), limit)).toBeNull();
    expect(wordNews('near', tallyWords(words(301), limit), limit)).toBe('301 of 300 words: over the word limit. Shorten your answer to save it.');
    expect(wordNews('over', tallyWords(words(302), limit), limit)).toBeNull();
    expect(wordNews('over', tallyWords(words(299), limit), limit)).toBe('299 of 300 words: within the word limit again.');
    expect(wordNews('over', tallyWords(words(10), limit), limit)).toBe('10 of 300 words: within the word limit again.');
    expect(wordNews('near', tallyWords(words(10), limit), limit)).toBeNull();
    // Without a limit there is nothing to announce.
    expect(wordNews('within', tallyWords(words(5000), null), null)).toBeNull();
  });
});
