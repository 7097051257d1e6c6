import { describe, expect, it } from 'vitest';
import { codeLimitLine } from './code-limit.js';

describe('the code size line by the editor (decision 667)', () => {
  it('says the limit before it is reached, in words', () => {
    expect(codeLimitLine(0)).toEqual({ over: false, text: 'Your code can be up to 100,000 characters.' });
    expect(codeLimitLine(100_000).over).toBe(false);
  });

  it('says by how much the code is over, and that it cannot be saved', () => {
    expect(codeLimitLine(100_012)).toEqual({
      over: true,
      text: 'Your code has 100,012 characters, over the limit of 100,000: it cannot be saved until you shorten it by 12.',
    });
  });
});
