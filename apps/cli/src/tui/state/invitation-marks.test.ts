import { describe, expect, it } from 'vitest';
import { markedCountText, marksStillListed, NO_MARKS, toggleMark, toggleMarkAllShown } from './invitation-marks.js';

describe('marked rows of the invitations list (issue 61 item 2)', () => {
  it('space marks and unmarks one row', () => {
    const once = toggleMark(NO_MARKS, 7);
    expect([...once]).toEqual([7]);
    expect(toggleMark(once, 7).size).toBe(0);
    expect(NO_MARKS.size).toBe(0);
  });

  it('marks all shown, then unmarks them, keeping marks on rows not shown', () => {
    const start = new Set([99, 1]);
    const all = toggleMarkAllShown(start, [1, 2, 3]);
    expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect([...toggleMarkAllShown(all, [1, 2, 3])]).toEqual([99]);
    expect(toggleMarkAllShown(NO_MARKS, []).size).toBe(0);
  });

  it('drops marks on candidates a reload no longer lists, and says how many are marked', () => {
    expect([...marksStillListed(new Set([1, 2, 5]), [2, 3, 5])]).toEqual([2, 5]);
    expect(markedCountText(NO_MARKS)).toBe('');
    expect(markedCountText(new Set([4, 8]))).toBe('2 marked');
  });
});
