import { describe, it, expect } from 'vitest';
import { CLIENT_CLOCK_TOLERANCE_MS, allowedSeconds, deadlineOf, eventInstant, isPastDeadline, minutesTaken } from './attempt-clock.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const SECOND = 1_000;
const MINUTE = 60_000;

describe('deadlineOf', () => {
  it.each([
    [30, START + 30 * MINUTE],
    [1, START + MINUTE],
    [90, Date.UTC(2026, 11, 1, 10, 30, 0)],
    [1440, Date.UTC(2026, 11, 2, 9, 0, 0)],
  ])('a %s-minute test ends %s', (duration, deadline) => {
    expect(deadlineOf(START, duration)).toBe(deadline);
  });
});

describe('allowedSeconds', () => {
  it.each([
    [30, 0, 1800],
    [30, 25, 2250],
    [60, 50, 5400],
    [7, 33, 558],
    [1, 1, 60],
  ])('a %s-minute test with %s%% extra allows %s s, rounded down, and ends no earlier', (duration, percent, seconds) => {
    expect(allowedSeconds(duration, percent)).toBe(seconds);
    expect(START + seconds * SECOND).toBeLessThanOrEqual(deadlineOf(START, duration, percent));
  });

  it('counts no extra time when none is given', () => {
    expect(allowedSeconds(45)).toBe(2700);
  });
});

describe('deadlineOf with extra time', () => {
  it.each([
    [60, 0, START + 60 * MINUTE],
    [60, 50, START + 90 * MINUTE],
    [60, 100, START + 120 * MINUTE],
    [30, 25, START + 37.5 * MINUTE],
    [7, 33, START + 558_600],
    [1, 1, START + 60_600],
  ])('a %s-minute test with %s%% extra ends %s', (duration, percent, deadline) => {
    expect(deadlineOf(START, duration, percent)).toBe(deadline);
    expect(Number.isInteger(deadlineOf(START, duration, percent))).toBe(true);
  });
});

describe('isPastDeadline', () => {
  const deadline = deadlineOf(START, 30);

  it.each([
    ['at the start', START, false],
    ['1 ms before the deadline', deadline - 1, false],
    ['at the deadline itself', deadline, true],
    ['1 ms after the deadline', deadline + 1, true],
    ['an hour after', deadline + 60 * MINUTE, true],
  ])('%s -> %s', (_label, now, past) => {
    expect(isPastDeadline(deadline, now)).toBe(past);
  });
});

describe('minutesTaken', () => {
  const deadline = deadlineOf(START, 30);

  it.each([
    ['submitted at the start', START, 0],
    ['20 seconds (rounds up)', START + 20 * SECOND, 1],
    ['1 ms', START + 1, 1],
    ['exactly one minute', START + MINUTE, 1],
    ['one minute and 1 ms', START + MINUTE + 1, 2],
    ['12 min 30 s', START + 12 * MINUTE + 30 * SECOND, 13],
    ['1 ms before the deadline', deadline - 1, 30],
    ['at the deadline', deadline, 30],
    ['submitted late: capped at the deadline', deadline + 15 * MINUTE, 30],
    ['completion recorded before the start: never negative', START - 5 * MINUTE, 0],
  ])('%s -> %s', (_label, completedAt, minutes) => {
    expect(minutesTaken(START, completedAt, deadline)).toBe(minutes);
  });
});

describe('eventInstant', () => {
  const now = START + 10 * MINUTE;

  it('tolerates a minute of client clock drift', () => {
    expect(CLIENT_CLOCK_TOLERANCE_MS).toBe(60_000);
  });

  it.each([
    ['the server time itself', now, now],
    ['5 s before now', now - 5 * SECOND, now - 5 * SECOND],
    ['exactly 60 s before now', now - 60 * SECOND, now - 60 * SECOND],
    ['60 s and 1 ms before now: implausible', now - 60 * SECOND - 1, now],
    ['an hour before now: implausible', now - 60 * MINUTE, now],
    ['5 s after now: capped at now', now + 5 * SECOND, now],
    ['exactly 60 s after now: capped at now', now + 60 * SECOND, now],
    ['60 s and 1 ms after now: implausible', now + 60 * SECOND + 1, now],
    ['NaN', Number.NaN, now],
    ['Infinity', Number.POSITIVE_INFINITY, now],
    ['-Infinity', Number.NEGATIVE_INFINITY, now],
  ])('reported %s -> %s', (_label, reported, instant) => {
    expect(eventInstant(reported, now, START)).toBe(instant);
  });

  describe('never before the start', () => {
    const justStarted = START + 10 * SECOND;

    it('a plausible instant before the start is moved to the start', () => {
      expect(eventInstant(START - 20 * SECOND, justStarted, START)).toBe(START);
    });

    it('a plausible instant after the start is kept', () => {
      expect(eventInstant(START + 4 * SECOND, justStarted, START)).toBe(START + 4 * SECOND);
    });

    it('at the start itself is kept', () => {
      expect(eventInstant(START, justStarted, START)).toBe(START);
    });
  });

  it('never returns an instant after now for any report', () => {
    for (const reported of [now + 1, now + 30 * SECOND, now + 59_999, now + 60_000, now + 10 * MINUTE]) {
      expect(eventInstant(reported, now, START)).toBeLessThanOrEqual(now);
    }
  });
});
