import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunBound } from '../../src/native/run-bound.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a native run's bound counts only the run's own time (decision 1041)", () => {
  it('expires after its time when nothing pauses it', () => {
    const expire = vi.fn();
    new RunBound(1_000, expire);
    vi.advanceTimersByTime(999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('stops while the run waits for something shared, however long, and goes on with what was left', () => {
    const expire = vi.fn();
    const bound = new RunBound(1_000, expire);
    vi.advanceTimersByTime(600);
    const resume = bound.pause();
    // Two other candidates' compile-time bombs hold the compiler for 20 s.
    vi.advanceTimersByTime(20_000);
    expect(expire).not.toHaveBeenCalled();
    resume();
    vi.advanceTimersByTime(399);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('overlapping waits: the clock runs again only when the last one ends; a cleared bound never expires', () => {
    const expire = vi.fn();
    const bound = new RunBound(100, expire);
    const first = bound.pause();
    const second = bound.pause();
    first();
    first();
    vi.advanceTimersByTime(1_000);
    expect(expire).not.toHaveBeenCalled();
    second();
    bound.clear();
    vi.advanceTimersByTime(1_000);
    expect(expire).not.toHaveBeenCalled();
  });
});
