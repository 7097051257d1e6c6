import { describe, it, expect } from 'vitest';
import { RELOAD_GRACE_MS, applyProctoringEvent, closeProctoring, type ProctoringCounters, type ProctoringEvent } from './proctoring.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const present: ProctoringCounters = { wv: 2, tv: 40, leftAt: null };
const away: ProctoringCounters = { wv: 3, tv: 40, leftAt: T0 };

const run = (events: readonly ProctoringEvent[], from: ProctoringCounters = { wv: 0, tv: 0, leftAt: null }) => events.reduce(applyProctoringEvent, from);

describe('applyProctoringEvent, every (event, away) pair', () => {
  it('left while present: one more violation, remembers when', () => {
    expect(applyProctoringEvent(present, { type: 'left', at: T0 + 5_000 })).toEqual({ wv: 3, tv: 40, leftAt: T0 + 5_000, unloading: false });
  });

  it('left while already away: nothing changes (the departure is counted once)', () => {
    expect(applyProctoringEvent(away, { type: 'left', at: T0 + 5_000 })).toEqual(away);
  });

  it('returned while away: adds the seconds away and clears leftAt, violations unchanged', () => {
    expect(applyProctoringEvent(away, { type: 'returned', at: T0 + 12_000 })).toEqual({ wv: 3, tv: 52, leftAt: null, unloading: false });
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
      unloading: false,
    });
  });

  it('a return stamped before the departure adds nothing', () => {
    expect(applyProctoringEvent({ wv: 1, tv: 7, leftAt: T0 }, { type: 'returned', at: T0 - 3_000 })).toEqual({
      wv: 1,
      tv: 7,
      leftAt: null,
      unloading: false,
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
    expect(counters).toEqual({ wv: 1, tv: 9, leftAt: null, unloading: false });
  });

  it('two departures count twice and their times add up', () => {
    const counters = run([
      { type: 'left', at: T0 },
      { type: 'returned', at: T0 + 3_000 },
      { type: 'returned', at: T0 + 4_000 },
      { type: 'left', at: T0 + 10_000 },
      { type: 'returned', at: T0 + 15_000 },
    ]);
    expect(counters).toEqual({ wv: 2, tv: 8, leftAt: null, unloading: false });
  });

  it('a return before any departure is ignored', () => {
    expect(run([{ type: 'returned', at: T0 }])).toEqual({ wv: 0, tv: 0, leftAt: null });
  });
});

describe('closeProctoring', () => {
  it('still away at the end: the time until the end counts', () => {
    expect(closeProctoring({ wv: 1, tv: 5, leftAt: T0 }, T0 + 30_000)).toEqual({ wv: 1, tv: 35, leftAt: null, unloading: false });
  });

  it('still away at the end: rounds to whole seconds', () => {
    expect(closeProctoring({ wv: 4, tv: 0, leftAt: T0 }, T0 + 2_600)).toEqual({ wv: 4, tv: 3, leftAt: null, unloading: false });
  });

  it('present at the end: the counters come back as they are', () => {
    const counters: ProctoringCounters = { wv: 2, tv: 17, leftAt: null };
    expect(closeProctoring(counters, T0 + 30_000)).toBe(counters);
    expect(counters).toEqual({ wv: 2, tv: 17, leftAt: null });
  });
});

describe('reloads and closed pages (unload)', () => {
  const reloading: ProctoringCounters = { wv: 1, tv: 4, leftAt: T0, unloading: true };

  it('unload while present: remembers when, counts nothing yet', () => {
    expect(applyProctoringEvent(present, { type: 'unload', at: T0 })).toEqual({ ...present, leftAt: T0, unloading: true });
  });

  it('unload while away or already unloading: nothing changes', () => {
    expect(applyProctoringEvent(away, { type: 'unload', at: T0 + 1 })).toBe(away);
    expect(applyProctoringEvent(reloading, { type: 'unload', at: T0 + 1 })).toBe(reloading);
  });

  it.each([0, 2_000, RELOAD_GRACE_MS])('back %s ms after an unload: a reload, no violation and no time away', (ms) => {
    expect(applyProctoringEvent(reloading, { type: 'returned', at: T0 + ms })).toEqual({ wv: 1, tv: 4, leftAt: null, unloading: false });
  });

  it('back later than the grace: one violation, and all the time away counts', () => {
    expect(applyProctoringEvent(reloading, { type: 'returned', at: T0 + RELOAD_GRACE_MS + 1_000 })).toEqual({
      wv: 2,
      tv: 4 + Math.round((RELOAD_GRACE_MS + 1_000) / 1000),
      leftAt: null,
      unloading: false,
    });
  });

  it('the new page opens hidden: the departure counts from the unload', () => {
    const counted = applyProctoringEvent(reloading, { type: 'left', at: T0 + 3_000 });
    expect(counted).toEqual({ wv: 2, tv: 4, leftAt: T0, unloading: false });
    expect(applyProctoringEvent(counted, { type: 'returned', at: T0 + 10_000 })).toEqual({ wv: 2, tv: 14, leftAt: null, unloading: false });
  });

  it('a candidate who reloads three times and never leaves ends with wv 0', () => {
    const counters = run([
      { type: 'unload', at: T0 },
      { type: 'returned', at: T0 + 1_500 },
      { type: 'unload', at: T0 + 60_000 },
      { type: 'returned', at: T0 + 63_000 },
      { type: 'unload', at: T0 + 90_000 },
      { type: 'returned', at: T0 + 90_400 },
    ]);
    expect(counters).toEqual({ wv: 0, tv: 0, leftAt: null, unloading: false });
  });

  it('closed and never back: counted when the attempt ends, unless it ended within the grace', () => {
    expect(closeProctoring({ wv: 0, tv: 0, leftAt: T0, unloading: true }, T0 + 600_000)).toEqual({ wv: 1, tv: 600, leftAt: null, unloading: false });
    expect(closeProctoring({ wv: 0, tv: 0, leftAt: T0, unloading: true }, T0 + 5_000)).toEqual({ wv: 0, tv: 0, leftAt: null, unloading: false });
  });
});
