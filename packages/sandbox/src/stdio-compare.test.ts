import { describe, expect, it } from 'vitest';
import { sameOutput } from './stdio-compare.js';

describe('sameOutput (the stdio rule)', () => {
  it('forgives trailing whitespace of each line, CRLF and trailing newlines', () => {
    expect(sameOutput('9 5', '9 5\n')).toBe(true);
    expect(sameOutput('9 5  \r\n4 4\t\n\n\n', '9 5\n4 4\n')).toBe(true);
  });

  it('does not forgive leading whitespace, spacing inside a line, or missing and extra lines', () => {
    expect(sameOutput(' 9 5\n', '9 5\n')).toBe(false);
    expect(sameOutput('9  5\n', '9 5\n')).toBe(false);
    expect(sameOutput('9 5\n', '9 5\n4\n')).toBe(false);
    expect(sameOutput('\n9 5\n', '9 5\n')).toBe(false);
  });

  it('compares numbers within 1e-6 where the expected one has a fraction or an exponent; expected integers and text exactly', () => {
    expect(sameOutput('0.30000000000000004\n', '0.3\n')).toBe(true);
    expect(sameOutput('0.300000 x\n', '0.3 x\n')).toBe(true);
    expect(sameOutput('1e3\n', '1000.0\n')).toBe(true);
    expect(sameOutput('9\n', '9.0\n')).toBe(true);
    expect(sameOutput('0.301\n', '0.3\n')).toBe(false);
    expect(sameOutput('07\n', '7\n')).toBe(false);
    expect(sameOutput('9.0\n', '9\n')).toBe(false);
    expect(sameOutput('9.000000 4\n', '9 4\n')).toBe(false);
    expect(sameOutput('1e3\n', '1000\n')).toBe(false);
    expect(sameOutput('NaN\n', 'NaN\n')).toBe(true);
    expect(sameOutput('abc\n', 'abd\n')).toBe(false);
  });
});
