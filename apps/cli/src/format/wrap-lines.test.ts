import { describe, expect, it } from 'vitest';
import { wrapLines } from './wrap-lines.js';

describe('wrapLines', () => {
  it('wraps at spaces, keeps line breaks and blank lines, cuts a word wider than the line', () => {
    expect(wrapLines('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrapLines('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
    expect(wrapLines('abcdefghijklmnop xy', 6)).toEqual(['abcdef', 'ghijkl', 'mnop', 'xy']);
    expect(wrapLines('', 10)).toEqual(['']);
  });

  it('counts wide characters by their cells', () => {
    expect(wrapLines('日本語の文章', 6)).toEqual(['日本語', 'の文章']);
  });
});
