import { describe, expect, it } from 'vitest';
import { differs, firstDifference, linesOf, outputDiff } from './output-diff.js';

describe('outputDiff', () => {
  it('marks the lines missing from the output and the ones not expected, in order', () => {
    const lines = outputDiff('14\n9\n3\n', '14\n8\n3\n');
    expect(lines).toEqual([
      { kind: 'same', text: '14' },
      { kind: 'missing', text: '9' },
      { kind: 'extra', text: '8' },
      { kind: 'same', text: '3' },
    ]);
    expect(firstDifference(lines!)).toBe('Line 2: expected “9”, your output has “8”.');
  });

  it('forgives what the stdio rule forgives: trailing spaces, \\r\\n and the final newlines', () => {
    const lines = outputDiff('a b\nc\n', 'a b   \r\nc\n\n\n')!;
    expect(differs(lines)).toBe(false);
    expect(firstDifference(lines)).toBeNull();
    expect(linesOf('x\n\n  \n')).toEqual(['x']);
  });

  it('says a line missing at the end, and one too many', () => {
    expect(firstDifference(outputDiff('1\n2\n', '1\n')!)).toBe('Line 2: expected “2”, missing from your output.');
    expect(firstDifference(outputDiff('1\n', '1\nextra\n')!)).toBe('Line 2: your output has “extra”, which is not expected.');
    expect(firstDifference(outputDiff('1\n', '')!)).toBe('Line 1: expected “1”, missing from your output.');
  });

  it('cuts long lines in the sentence, never in the lines', () => {
    const long = 'x'.repeat(100);
    const lines = outputDiff('short\n', `${long}\n`)!;
    expect(lines[1]).toEqual({ kind: 'extra', text: long });
    expect(firstDifference(lines)).toBe(`Line 1: expected “short”, your output has “${'x'.repeat(60)}…”.`);
  });

  it('gives up on outputs too different to compare line by line', () => {
    const many = (prefix: string) => Array.from({ length: 500 }, (_, index) => `${prefix}${index}`).join('\n');
    expect(outputDiff(many('a'), many('b'))).toBeNull();
  });
});
