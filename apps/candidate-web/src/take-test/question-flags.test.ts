import { describe, expect, it } from 'vitest';
import { parseFlags, questionStateLabel } from './question-flags.js';

describe('flags for review (decision 668)', () => {
  it('reads the stored ids, and nothing from anything else', () => {
    expect([...parseFlags('["12","40"]')]).toEqual(['12', '40']);
    expect(parseFlags(null).size).toBe(0);
    expect(parseFlags('{"12":true}').size).toBe(0);
    expect([...parseFlags('["12",7,null]')]).toEqual(['12']);
    expect(parseFlags('not json').size).toBe(0);
  });

  it("names a question's state in the navigator", () => {
    expect(questionStateLabel(true, false)).toBe('Answered');
    expect(questionStateLabel(false, false)).toBe('Not answered');
    expect(questionStateLabel(true, true)).toBe('Answered, flagged');
    expect(questionStateLabel(false, true)).toBe('Not answered, flagged');
  });
});
