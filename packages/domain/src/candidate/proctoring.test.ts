import { describe, it, expect } from 'vitest';
import { applyProctoringEvent, closeProctoring, type ProctoringCounters, type ProctoringEvent } from './proctoring.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const present: ProctoringCounters = { wv: 2, tv: 40, leftAt: null };
const away: ProctoringCounters = { wv: 3, tv: 40, leftAt: T0 };

const run = (events: readonly ProctoringEvent[], from: ProctoringCounters = { wv: 0, tv: 0, leftAt: null }) =>
  events.reduce(applyProctoringEvent, from);

describe('applyProctoringEvent, every (event, away) pair', () => {
  it('left while present: one more violation, remembers when', () => {
    expect(applyProctoringEvent(present, { type: 'left', at: T0 + 5_000 })).toEqual({ wv: 3, tv: 40, leftAt: T0 + 5_000 });
  });

  it('left while already away: nothing changes (the departure is counted once)', () => {
    expect(applyProctoringEvent(away, { type: 'left', at: T0 + 5_000 })).toEqual(away);
  });

  it('returned while away: adds the seconds away and clears leftAt, violations unchanged', () => {
    expect(applyProctoringEvent(away, { type: 'returned', at: T0 + 12_000 })).toEqual({ wv: 3, tv: 52, leftAt: null });
  });

  it('returned while present: nothing changes', () => {
    expect(applyProctoringEvent(present, { type: 'returned', at: T0 + 12_000 })).toEqual(present);
  });

  it('does not modify the counters it is given', () => {
    const before = { ...away };
    applyProctoringEvent(away, { type: 'returned', at: T0 + 12_000 });
    applyProctoringEvent(present, { type: 'left', at: T0 });
    expect(away).toEqual(before);
    expect(present).toEqual({ wv: 2, tv: 40, leftAt: null });
  });
});

describe('time away is rounded to whole seconds', () => {
  it.each([
    [0, 0],
    [400, 0],
    [499, 0],
    [500, 1],
    [1_499, 1],
    [1_500, 2],
    [2_000, 2],
    [61_700, 62],
  ])('%s ms away -> %s s', (ms, seconds) => {
    expect(applyProctoringEvent({ wv: 1, tv: 0, leftAt: T0 }, { type: 'returned', at: T0 + ms })).toEqual({
      wv: 1,
      tv: seconds,
      leftAt: null,
    });
  });

  it('a return stamped before the departure adds nothing', () => {
    expect(applyProctoringEvent({ wv: 1, tv: 7, leftAt: T0 }, { type: 'returned', at: T0 - 3_000 })).toEqual({
      wv: 1,
      tv: 7,
      leftAt: null,
    });
  });
});

describe('sequences', () => {
  it('blur and visibilitychange both firing count one violation', () => {
    const counters = run([
      { type: 'left', at: T0 },
      { type: 'left', at: T0 + 10 },
      { type: 'left', at: T0 + 2_000 },
      { type: 'returned', at: T0 + 9_000 },
    ]);
    expect(counters).toEqual({ wv: 1, tv: 9, leftAt: null });
  });

  it('two departures count twice and their times add up', () => {
    const counters = run([
      { type: 'left', at: T0 },
      { type: 'returned', at: T0 + 3_000 },
      { type: 'returned', at: T0 + 4_000 },
      { type: 'left', at: T0 + 10_000 },
      { type: 'returned', at: T0 + 15_000 },
    ]);
    expect(counters).toEqual({ wv: 2, tv: 8, leftAt: null });
  });

  it('a return before any departure is ignored', () => {
    expect(run([{ type: 'returned', at: T0 }])).toEqual({ wv: 0, tv: 0, leftAt: null });
  });
});

describe('closeProctoring', () => {
  it('still away at the end: the time until the end counts', () => {
    expect(closeProctoring({ wv: 1, tv: 5, leftAt: T0 }, T0 + 30_000)).toEqual({ wv: 1, tv: 35, leftAt: null });
  });

  it('still away at the end: rounds to whole seconds', () => {
    expect(closeProctoring({ wv: 4, tv: 0, leftAt: T0 }, T0 + 2_600)).toEqual({ wv: 4, tv: 3, leftAt: null });
  });

  it('present at the end: the counters come back as they are', () => {
    const counters: ProctoringCounters = { wv: 2, tv: 17, leftAt: null };
    expect(closeProctoring(counters, T0 + 30_000)).toBe(counters);
    expect(counters).toEqual({ wv: 2, tv: 17, leftAt: null });
  });
});
