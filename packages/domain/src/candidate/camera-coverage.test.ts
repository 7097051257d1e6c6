import { describe, expect, it } from 'vitest';
import { CAMERA_GAP_SIGNAL_MINUTES, cameraCoverageOf, cameraGapMinutesOf, expectedPhotosOf, SNAPSHOT_EVERY_MS } from './camera-coverage.js';

const T0 = Date.UTC(2026, 10, 27, 9);
const MINUTE = 60_000;
const everyMinute = (from: number, minutes: number) => Array.from({ length: minutes }, (_, index) => from + index * MINUTE + 2_000);

/** Issue 59 item 8, decision 1143: what the camera sent of a camera-proctored attempt, from its start to its end. */
describe("a camera-proctored attempt's coverage", () => {
  it('a 21-minute attempt that sent no photo: none of 22 expected, 21 minutes without one — a signal', () => {
    const coverage = cameraCoverageOf(T0, T0 + 21 * MINUTE, []);
    expect(coverage).toEqual({ photos: 0, longestGapSeconds: 21 * 60 });
    expect(expectedPhotosOf(21 * 60)).toBe(22);
    expect(cameraGapMinutesOf(coverage.longestGapSeconds)).toBe(21);
  });

  it('one a minute, as the page sends them, is no signal; one or two lost uploads are none either', () => {
    const all = everyMinute(T0, 21);
    expect(cameraCoverageOf(T0, T0 + 21 * MINUTE, all)).toEqual({ photos: 21, longestGapSeconds: 60 });
    expect(cameraGapMinutesOf(60)).toBeNull();
    const twoLost = all.filter((_, index) => index !== 7 && index !== 8);
    const { longestGapSeconds } = cameraCoverageOf(T0, T0 + 21 * MINUTE, twoLost);
    expect(longestGapSeconds).toBe(180);
    expect(cameraGapMinutesOf(longestGapSeconds)).toBe(CAMERA_GAP_SIGNAL_MINUTES);
    expect(cameraGapMinutesOf(179)).toBeNull();
    expect(SNAPSHOT_EVERY_MS * 3).toBe(CAMERA_GAP_SIGNAL_MINUTES * MINUTE);
  });

  it('finds the stretch wherever it is: at the start, between photos, or up to the end', () => {
    expect(cameraCoverageOf(T0, T0 + 20 * MINUTE, everyMinute(T0 + 10 * MINUTE, 10)).longestGapSeconds).toBe(10 * 60 + 2);
    const middle = [...everyMinute(T0, 3), ...everyMinute(T0 + 19 * MINUTE, 2)];
    expect(cameraCoverageOf(T0, T0 + 21 * MINUTE, middle)).toEqual({ photos: 5, longestGapSeconds: 17 * 60 });
    expect(cameraCoverageOf(T0, T0 + 21 * MINUTE, everyMinute(T0, 5)).longestGapSeconds).toBe(17 * 60 - 2);
  });

  it('counts only photos inside the attempt, in any order; an end before the start is no stretch at all', () => {
    const taken = [T0 + 5 * MINUTE, T0 - MINUTE, T0 + 2 * MINUTE, T0 + 30 * MINUTE];
    expect(cameraCoverageOf(T0, T0 + 6 * MINUTE, taken)).toEqual({ photos: 2, longestGapSeconds: 180 });
    expect(cameraCoverageOf(T0, T0 - 1_000, [])).toEqual({ photos: 0, longestGapSeconds: 0 });
    expect(expectedPhotosOf(-5)).toBe(1);
  });
});
