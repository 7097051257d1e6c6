import { describe, expect, it } from 'vitest';
import { quotableLinesOf, templateFollowUps } from './follow-up-templates.js';

const CODE = [
  'def search(items, target):',
  '    lo, hi = 0, len(items)',
  '    while lo < hi:',
  '        mid = (lo + hi) // 2',
  '    # done',
  '    return lo',
  '',
].join('\n');

describe('template follow-ups', () => {
  it('quotes a line of the candidate’s own code, with its number, first', () => {
    const [first] = templateFollowUps({ kind: 'code', answer: CODE, count: 3, seed: 7, questionId: 4 });
    const quoted = quotableLinesOf(CODE).map((line) => `What does line ${line.number}, \`${line.text}\`, do?`);
    expect(quoted).toContain(first?.text);
    expect(first?.source).toBe('template');
  });

  it('never quotes comments, braces or blank lines', () => {
    expect(quotableLinesOf('{\n  // a comment here\n  }\n\n  return total + 1;').map((line) => line.number)).toEqual([5]);
  });

  it('is the same for the same seed and question, and differs across seeds', () => {
    const of = (seed: number, questionId = 4) => templateFollowUps({ kind: 'code', answer: CODE, count: 3, seed, questionId }).map((q) => q.text);
    expect(of(7)).toEqual(of(7));
    const seeds = Array.from({ length: 20 }, (_, seed) => of(seed).join('|'));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('asks exactly the count, and general questions when no line can be quoted', () => {
    const asked = templateFollowUps({ kind: 'code', answer: '}', count: 2, seed: 1, questionId: 1 }).map((q) => q.text);
    expect(asked).toHaveLength(2);
    expect(asked.every((text) => !text.startsWith('What does line'))).toBe(true);
    expect(templateFollowUps({ kind: 'code', answer: CODE, count: 0, seed: 1, questionId: 1 })).toEqual([]);
  });

  it('asks about a written answer’s own sentence and what they would change', () => {
    const answer = 'I would index the orders table by customer first. Then the nightly report can read it without a scan.';
    const asked = templateFollowUps({ kind: 'text', answer, count: 3, seed: 3, questionId: 9 }).map((q) => q.text);
    expect(asked[0]).toMatch(/^You wrote: “(I would index|Then the nightly)/);
    expect(asked).toContain('Which part of your answer would you change with more time?');
  });
});
