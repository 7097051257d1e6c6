import { describe, expect, it } from 'vitest';
import { pythonRepr } from './python-repr.js';

describe('pythonRepr', () => {
  it('writes JSON values as Python writes the values they become', () => {
    expect(pythonRepr(null)).toBe('None');
    expect(pythonRepr([true, false])).toBe('[True, False]');
    expect(pythonRepr({ a: 1, b: [null, 'x'] })).toBe("{'a': 1, 'b': [None, 'x']}");
    expect(pythonRepr([])).toBe('[]');
    expect(pythonRepr({})).toBe('{}');
  });

  it('quotes and escapes strings like repr()', () => {
    expect(pythonRepr("it's")).toBe('"it\'s"');
    expect(pythonRepr('say "hi"')).toBe('\'say "hi"\'');
    expect(pythonRepr('both \' and "')).toBe("'both \\' and \"'");
    expect(pythonRepr('tab\tnew\nline\\')).toBe("'tab\\tnew\\nline\\\\'");
    expect(pythonRepr('\u0000\u007f\u00a0é€😀')).toBe("'\\x00\\x7f\\xa0é€😀'");
    expect(pythonRepr('\u200b\ud800')).toBe("'\\u200b\\ud800'");
  });

  it('writes integral numbers as ints and others as Python floats', () => {
    expect(pythonRepr(3)).toBe('3');
    expect(pythonRepr(-0)).toBe('0');
    // biome-ignore lint/correctness/noPrecisionLoss: a Python int past 2^53 arrives as the nearest double
    expect(pythonRepr(23416728348467685)).toBe('23416728348467684');
    expect(pythonRepr(2.5)).toBe('2.5');
    expect(pythonRepr(1234.5)).toBe('1234.5');
    expect(pythonRepr(0.0001)).toBe('0.0001');
    expect(pythonRepr(0.00001)).toBe('1e-05');
    expect(pythonRepr(-2.5e-7)).toBe('-2.5e-07');
    expect(pythonRepr(1.5e300)).toBe('1.5e+300');
    expect(pythonRepr(123456789.125)).toBe('123456789.125');
  });
});
