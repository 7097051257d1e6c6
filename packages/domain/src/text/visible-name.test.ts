import { describe, expect, it } from 'vitest';
import { showsNothing } from './visible-name.js';

describe('showsNothing (decision 1008)', () => {
  it.each([
    ['spaces of every script', ' \u00a0\u2003\u3000'],
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['a soft hyphen', '\u00ad'],
    ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
    ['variation selectors', '\ufe0f\ufe0e'],
    ['marks with no letter', '\u0301\u0308'],
    ["Braille's blank", '\u2800'],
  ])('is true of %s', (_what, name) => {
    expect(showsNothing(name)).toBe(true);
  });

  it.each(['Ada', 'José', '李小龍', 'محمد', 'O\u2019Brien', '\u200bAda', 'X Æ A-12', '3'])('is false of %j', (name) => {
    expect(showsNothing(name)).toBe(false);
  });
});
