import { describe, expect, it } from 'vitest';
import { codeTokens } from './code-tokens.js';
import { KGRAM, WINDOW, winnow } from './winnowing.js';

const tokens = (count: number, offset = 0) => Array.from({ length: count }, (_, index) => ({ text: `t${index + offset}`, line: index + 1 }));

describe('winnow', () => {
  it('keeps nothing of a stream shorter than one k-gram, and one of a stream shorter than a window', () => {
    expect(winnow(tokens(KGRAM - 1))).toEqual([]);
    expect(winnow(tokens(KGRAM + 2))).toHaveLength(1);
  });

  it('keeps at least one hash in every window, in token order, with the lines its k-gram spans', () => {
    const prints = winnow(tokens(300));
    for (let index = 1; index < prints.length; index += 1) {
      expect(prints[index]!.token - prints[index - 1]!.token).toBeLessThanOrEqual(WINDOW);
      expect(prints[index]!.token).toBeGreaterThan(prints[index - 1]!.token);
    }
    expect(prints[0]).toMatchObject({ firstLine: prints[0]!.token + 1, lastLine: prints[0]!.token + KGRAM });
  });

  it('finds a shared run of k + window - 1 tokens wherever it sits (the winnowing guarantee)', () => {
    const run = tokens(KGRAM + WINDOW - 1, 1000);
    const left = [...tokens(40), ...run, ...tokens(25, 500)];
    const right = [...tokens(7, 700), ...run, ...tokens(60, 800)];
    const rightHashes = new Set(winnow(right).map((print) => print.hash));
    expect(winnow(left).some((print) => rightHashes.has(print.hash))).toBe(true);
  });

  it('gives identical fingerprints to code that differs only in names, comments and layout', () => {
    const one = 'def f(xs):\n    total = 0\n    for x in xs:\n        total += x * x\n    return total\n';
    const two = '# squares\ndef g(values):\n    acc = 0\n    for v in values:  # each\n        acc += v * v\n\n    return acc\n';
    const hashes = (code: string) => winnow(codeTokens(code, 'python')).map((print) => print.hash);
    expect(hashes(two)).toEqual(hashes(one));
  });
});
