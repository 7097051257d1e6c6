import { describe, expect, it } from 'vitest';
import { parseBulkFilter, parseIds } from './decide-bulk.js';

describe('parseBulkFilter', () => {
  it('reads the list words into the body filter', () => {
    expect(parseBulkFilter('score<=15, undecided,decision=on-hold,status=completed,tag=strong-python,search=ada l,integrity=unconfirmed')).toEqual({
      max_score: 15,
      decision: 'none,on-hold',
      status: 'Completed',
      tag: 'strong-python',
      q: 'ada l',
      integrity: 'unconfirmed',
    });
    expect(parseBulkFilter('score>=2.5')).toEqual({ min_score: 2.5 });
  });

  it('refuses a strict bound, an unknown word and crossed bounds, naming the word', () => {
    expect(() => parseBulkFilter('score<50')).toThrow(/score<50: .*score<=N/);
    expect(() => parseBulkFilter('undecided,hired')).toThrow(/hired: not a filter word/);
    expect(() => parseBulkFilter('decision=hired')).toThrow(/not a filter word/);
    expect(() => parseBulkFilter('score>=10,score<=5')).toThrow(/must not be over/);
  });

  it('reads ids', () => {
    expect(parseIds('12, 15,19')).toEqual([12, 15, 19]);
    expect(() => parseIds('12,x')).toThrow();
  });
});
