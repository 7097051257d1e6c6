import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeCountdown, formatCountdown, ServerClock, timeIsUpOnServer } from './clock.js';

describe('the candidate page clock (clock.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the server, not a wrong client clock', () => {
    let ticks = 5_000;
    vi.useFakeTimers();
    // The client believes it is two hours later than the server does.
    vi.setSystemTime(Date.parse('2025-07-14T12:00:00.000Z'));
    const clock = new ServerClock(() => ticks);
    // Sent at tick 5 000 and answered 200 ms later: the server's instant is taken as the midpoint.
    clock.sync('2025-07-14T10:00:00.100Z', clock.reading(), clock.reading() + 200);
    expect(clock.iso()).toBe('2025-07-14T10:00:00.000Z');
    ticks += 90_000;
    expect(clock.iso()).toBe('2025-07-14T10:01:30.000Z');
  });

  it('reads the page clock before its first sync', () => {
    const clock = new ServerClock();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
  });

  it("a step of this machine's wall clock, forward or back, moves none of the server time it carries (issue 59)", () => {
    let ticks = 0;
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2025-07-14T10:00:00.000Z'));
    const clock = new ServerClock(() => ticks);
    clock.sync('2025-07-14T10:00:00.000Z', 0, 0);
    ticks += 1_000;
    vi.setSystemTime(Date.parse('2025-07-14T10:59:00.000Z'));
    expect(clock.iso()).toBe('2025-07-14T10:00:01.000Z');
    vi.setSystemTime(Date.parse('2025-07-14T09:00:00.000Z'));
    ticks += 1_000;
    expect(clock.iso()).toBe('2025-07-14T10:00:02.000Z');
  });

  it('ignores a serverTime it cannot read', () => {
    const clock = new ServerClock();
    clock.sync('not a date', 0, 0);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
  });

  it('formats the countdown, rounding up so 0:00 means the time is up', () => {
    expect(formatCountdown(45 * 60_000)).toBe('45:00');
    expect(formatCountdown(65 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatCountdown(8_001)).toBe('0:09');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('says the time left in words for screen readers', () => {
    expect(describeCountdown(5 * 60_000)).toBe('5 minutes left');
    expect(describeCountdown(61_000)).toBe('1 minute 1 second left');
    expect(describeCountdown(3_600_000 + 120_000 + 5_000)).toBe('1 hour 2 minutes left');
    expect(describeCountdown(0)).toBe('Time is up');
  });

  it('the time is up when the server says so: its deadline at or before its own clock, whatever this clock reads', () => {
    const deadline = '2025-07-14T10:30:00.000Z';
    expect(timeIsUpOnServer({ deadline, serverTime: '2025-07-14T10:29:59.999Z' })).toBe(false);
    expect(timeIsUpOnServer({ deadline, serverTime: '2025-07-14T10:30:00.000Z' })).toBe(true);
    expect(timeIsUpOnServer({ deadline, serverTime: '2025-07-14T10:31:00.000Z' })).toBe(true);
    expect(timeIsUpOnServer({ deadline: null, serverTime: '2025-07-14T10:31:00.000Z' })).toBe(false);
    expect(timeIsUpOnServer({ deadline, serverTime: 'not a date' })).toBe(false);
  });
});
