import { describe, expect, it } from 'vitest';
import { clampSplit, SPLIT_DEFAULT, SPLIT_MAX, SPLIT_MIN, splitAfterKey, splitAtPointer } from './split-pane.js';

describe('the split between the problem and the editor (decision 670)', () => {
  it('moves by 5% with the arrows, to its ends with Home and End, and ignores other keys', () => {
    expect(splitAfterKey(40, 'ArrowRight')).toBe(45);
    expect(splitAfterKey(40, 'ArrowUp')).toBe(45);
    expect(splitAfterKey(40, 'ArrowLeft')).toBe(35);
    expect(splitAfterKey(40, 'ArrowDown')).toBe(35);
    expect(splitAfterKey(40, 'Home')).toBe(SPLIT_MIN);
    expect(splitAfterKey(40, 'End')).toBe(SPLIT_MAX);
    expect(splitAfterKey(40, 'Enter')).toBeNull();
  });

  it('never leaves either side unusable', () => {
    expect(splitAfterKey(SPLIT_MAX, 'ArrowRight')).toBe(SPLIT_MAX);
    expect(splitAfterKey(SPLIT_MIN, 'ArrowLeft')).toBe(SPLIT_MIN);
    expect(clampSplit(Number.NaN)).toBe(SPLIT_DEFAULT);
    expect(clampSplit(95)).toBe(SPLIT_MAX);
  });

  it('follows the pointer across the pane', () => {
    expect(splitAtPointer(600, 100, 1000)).toBe(50);
    expect(splitAtPointer(0, 100, 1000)).toBe(SPLIT_MIN);
    expect(splitAtPointer(600, 100, 0)).toBe(SPLIT_DEFAULT);
  });
});
