import { describe, expect, it } from 'vitest';
import { boundedPlacement, HISTORY_BOUNDS, keptWindow, omittedCount } from './record-bounds.js';

const bound = { head: 3, tail: 2 };

/** What a stream holds after `count` appends, as the store applies the rule (the numbers it keeps). */
const afterAppends = (count: number): number[] => {
  const kept = new Set<number>();
  for (let ordinal = 0; ordinal < count; ordinal += 1) {
    const { evict } = boundedPlacement(bound, ordinal);
    if (evict !== null) kept.delete(evict);
    kept.add(ordinal);
  }
  return [...kept].sort((a, b) => a - b);
};

describe('bounded record streams', () => {
  it('keeps everything until the stream outgrows its head and tail', () => {
    expect(afterAppends(5)).toEqual([0, 1, 2, 3, 4]);
    expect(omittedCount(bound, 5)).toBe(0);
  });

  it('keeps the first head and the last tail however many are appended, and counts the rest', () => {
    for (const count of [6, 7, 50, 500]) {
      expect(afterAppends(count)).toEqual([0, 1, 2, count - 2, count - 1]);
      expect(omittedCount(bound, count)).toBe(count - 5);
      const { headEnd, tailStart } = keptWindow(bound, count);
      expect(afterAppends(count).every((n) => n < headEnd || n >= tailStart)).toBe(true);
    }
  });

  it('bounds every history kind, each keeping its latest entry', () => {
    for (const { head, tail } of Object.values(HISTORY_BOUNDS)) {
      expect(head).toBeGreaterThan(0);
      expect(tail).toBeGreaterThan(0);
    }
  });
});
