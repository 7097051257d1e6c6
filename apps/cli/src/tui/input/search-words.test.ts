import { describe, expect, it } from 'vitest';
import { matchesWords, searchWords } from './search-words.js';

describe('matchesWords', () => {
  const title = ['Senior Growth - Python Coding Screen', '42'];
  it.each<[string, boolean]>([
    ['growth python', true],
    ['PYTHON   growth', true],
    ['senior screen coding', true],
    ['growth java', false],
    ['42 python', true],
    ['', true],
    ['   ', true],
  ])('"%s" → %s', (query, expected) => expect(matchesWords(title, query)).toBe(expected));

  it('splits on any white space and drops blanks', () => expect(searchWords(' a\tB  c ')).toEqual(['a', 'b', 'c']));
});
