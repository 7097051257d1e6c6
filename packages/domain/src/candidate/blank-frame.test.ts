import { describe, expect, it } from 'vitest';
import { blankFrameOf, luminanceOf } from './blank-frame.js';

describe('blankFrameOf: a frame that shows nothing', () => {
  it.each([
    [{ mean: 0, stdev: 0 }, 'dark'],
    [{ mean: 12, stdev: 6 }, 'dark'],
    [{ mean: 19.9, stdev: 9.9 }, 'dark'],
    [{ mean: 128, stdev: 2 }, 'uniform'],
    [{ mean: 250, stdev: 3.9 }, 'uniform'],
  ] as const)('%o counts as %s', (luminance, expected) => {
    expect(blankFrameOf(luminance)).toBe(expected);
  });

  it.each([
    // A dim room with a face lit by the screen: dark, but with contrast.
    { mean: 15, stdev: 14 },
    { mean: 20, stdev: 5 },
    { mean: 110, stdev: 45 },
    { mean: 200, stdev: 4 },
  ])('%o shows something: never counted', (luminance) => {
    expect(blankFrameOf(luminance)).toBeNull();
  });
});

describe('luminanceOf', () => {
  it('is the mean and standard deviation of the grey levels', () => {
    expect(luminanceOf(new Uint8Array([0, 0, 0, 0]))).toEqual({ mean: 0, stdev: 0 });
    expect(luminanceOf(new Uint8Array([0, 200, 0, 200]))).toEqual({ mean: 100, stdev: 100 });
    expect(luminanceOf(new Uint8Array([]))).toEqual({ mean: 0, stdev: 0 });
  });
});
