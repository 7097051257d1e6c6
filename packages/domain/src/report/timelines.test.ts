import { describe, expect, it } from 'vitest';
import { RELOAD_GRACE_MS } from '../candidate/proctoring.js';
import type { AttemptEvent } from './event-log.js';
import { departuresOf, departuresOfLog, sectionTimesOfLog, timeBySection } from './timelines.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const at = (seconds: number) => T0 + seconds * 1000;

describe('departuresOf', () => {
  it('lists each counted departure with its return and length', () => {
    const events: AttemptEvent[] = [
      { kind: 'left', at: at(60) },
      { kind: 'left', at: at(61) },
      { kind: 'returned', at: at(90) },
      { kind: 'left', at: at(300) },
      { kind: 'returned', at: at(305) },
    ];
    expect(departuresOf(events, at(3600))).toEqual([
      { leftAt: at(60), returnedAt: at(90), seconds: 30 },
      { leftAt: at(300), returnedAt: at(305), seconds: 5 },
    ]);
  });

  it('leaves out reloads and counts a page closed for long', () => {
    const events: AttemptEvent[] = [
      { kind: 'unload', at: at(100) },
      { kind: 'returned', at: at(102) },
      { kind: 'unload', at: at(200) },
      { kind: 'returned', at: at(200) + RELOAD_GRACE_MS + 10_000 },
    ];
    expect(departuresOf(events, at(3600))).toEqual([{ leftAt: at(200), returnedAt: at(200) + RELOAD_GRACE_MS + 10_000, seconds: 25 }]);
  });

  it('a departure still open at the end lasts until the end; events after it are ignored', () => {
    const events: AttemptEvent[] = [
      { kind: 'left', at: at(3500) },
      { kind: 'returned', at: at(3700) },
    ];
    expect(departuresOf(events, at(3600))).toEqual([{ leftAt: at(3500), returnedAt: null, seconds: 100 }]);
  });

  it('matches the counters: as many departures as wv, their seconds add up to tv', () => {
    const events: AttemptEvent[] = [
      { kind: 'left', at: at(10) },
      { kind: 'returned', at: at(15) },
      { kind: 'unload', at: at(20) },
      { kind: 'left', at: at(22) },
      { kind: 'returned', at: at(40) },
      { kind: 'section', at: at(41), sectionId: 7 },
    ];
    const departures = departuresOf(events, at(100));
    expect(departures).toHaveLength(2);
    expect(departures.reduce((sum, departure) => sum + departure.seconds, 0)).toBe(25);
  });
});

describe('timeBySection', () => {
  it('splits the attempt between section views, from each view to the next or the end', () => {
    const events: AttemptEvent[] = [
      { kind: 'section', at: at(0), sectionId: 1 },
      { kind: 'section', at: at(600), sectionId: 2 },
      { kind: 'left', at: at(700) },
      { kind: 'section', at: at(900), sectionId: 1 },
      { kind: 'section', at: at(5000), sectionId: 2 },
    ];
    expect(Object.fromEntries(timeBySection(events, at(0), at(1200)))).toEqual({ 1: 900, 2: 300 });
  });

  it('counts no time before the first view and none for a section never viewed', () => {
    const events: AttemptEvent[] = [{ kind: 'section', at: at(100), sectionId: 2 }];
    expect(Object.fromEntries(timeBySection(events, at(0), at(160)))).toEqual({ 2: 60 });
    expect(timeBySection([], at(0), at(60)).size).toBe(0);
  });
});

describe('departuresOfLog', () => {
  it('replays the first and the last events apart when events between them were not kept', () => {
    const presence = {
      head: [
        { kind: 'left', at: at(10) },
        { kind: 'returned', at: at(15) },
        { kind: 'left', at: at(20) },
      ] as AttemptEvent[],
      tail: [
        { kind: 'returned', at: at(900) },
        { kind: 'left', at: at(950) },
        { kind: 'returned', at: at(960) },
      ] as AttemptEvent[],
      omitted: 300,
    };
    // The departure open where the gap begins came back somewhere in it: left out, not stretched over the gap.
    expect(departuresOfLog(presence, at(3600))).toEqual([
      { leftAt: at(10), returnedAt: at(15), seconds: 5 },
      { leftAt: at(950), returnedAt: at(960), seconds: 10 },
    ]);
    expect(departuresOfLog({ ...presence, omitted: 0 }, at(3600))).toEqual([
      { leftAt: at(10), returnedAt: at(15), seconds: 5 },
      { leftAt: at(20), returnedAt: at(900), seconds: 880 },
      { leftAt: at(950), returnedAt: at(960), seconds: 10 },
    ]);
  });
});

describe('sectionTimesOfLog', () => {
  it('knows no section time once section views were not kept', () => {
    const views: AttemptEvent[] = [{ kind: 'section', at: at(0), sectionId: 1 }];
    expect(sectionTimesOfLog({ head: views, tail: [], omitted: 0 }, at(0), at(60))).toEqual(new Map([[1, 60]]));
    expect(sectionTimesOfLog({ head: views, tail: [], omitted: 1 }, at(0), at(60))).toEqual(new Map());
  });
});
