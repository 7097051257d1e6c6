import { describe, expect, it } from 'vitest';
import { latestStartMs, remainingMs, startTimes } from './wait-estimate.js';

describe('how long waiting runs will wait', () => {
  it('starts each run on the soonest free worker', () => {
    expect(startTimes([10, 10, 10, 10], [0, 0])).toEqual([0, 0, 10, 10]);
    expect(startTimes([5, 5, 5], [100, 0])).toEqual([0, 5, 10]);
    expect(startTimes([], [3])).toEqual([]);
  });

  it('expects ten looping runs ahead on two workers to take five loops’ time, not one', () => {
    const loops = Array.from({ length: 10 }, () => 3000);
    expect(startTimes([...loops, 5], [0, 0]).at(-1)).toBe(15_000);
  });

  it('expects a run past its estimate to go on as long again, never past its wall clock', () => {
    expect(remainingMs(100, 30, 10_000)).toBe(70);
    expect(remainingMs(100, 400, 10_000)).toBe(400);
    expect(remainingMs(100, 400, 250)).toBe(250);
    expect(remainingMs(100, 400, -5)).toBe(0);
  });

  it('bounds every start by all the work waiting and running, shared by the workers', () => {
    expect(latestStartMs(300, [100, 0], 2)).toBe(200);
    expect(latestStartMs(0, [], 0)).toBe(0);
  });
});
