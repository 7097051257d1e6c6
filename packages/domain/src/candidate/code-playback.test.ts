import { describe, expect, it } from 'vitest';
import { applyFrame, keyFrames, PLAYBACK_LIMITS, type PlaybackFrame, recordSave, replayFrames, spliceOf, thinFrames, undoFrame } from './code-playback.js';

const saves = (codes: readonly string[], gapMs: number): PlaybackFrame[] => {
  let frames: PlaybackFrame[] = [];
  let previous = '';
  codes.forEach((code, index) => {
    frames = recordSave(frames, previous, code, 1_000_000 + index * gapMs);
    previous = code;
  });
  return frames;
};

describe('spliceOf', () => {
  it('keeps only the changed middle, and applying or undoing it gives either text', () => {
    const pairs: [string, string][] = [
      ['def f(x):\n    return x\n', 'def f(x):\n    return x * 2\n'],
      ['abc', ''],
      ['', 'abc'],
      ['aaaa', 'aa'],
      ['same', 'same'],
      ['x = 1\ny = 2\n', 'y = 2\nx = 1\n'],
    ];
    for (const [before, after] of pairs) {
      const splice = spliceOf(before, after);
      expect(applyFrame(before, splice)).toBe(after);
      expect(undoFrame(after, splice)).toBe(before);
    }
    expect(spliceOf('return x\n', 'return x * 2\n')).toEqual({ start: 8, deleted: '', inserted: ' * 2' });
  });
});

describe('recordSave', () => {
  it('keeps one frame per save when saves are further apart than the coalescing window, and replays to every save', () => {
    const codes = ['def f(x):\n', 'def f(x):\n    return x\n', 'def f(x):\n    return x + 1\n'];
    const frames = saves(codes, PLAYBACK_LIMITS.coalesceMs);
    expect(frames).toHaveLength(3);
    expect(replayFrames(frames)).toEqual(codes);
  });

  it('folds saves within the window into the last frame (the first frame, how the answer began, stays)', () => {
    const codes = ['a', 'ab', 'abc', 'abcd'];
    const frames = saves(codes, 1_000);
    expect(frames).toHaveLength(2);
    expect(replayFrames(frames)).toEqual(['a', 'abcd']);
    expect(frames[1]!.at).toBe(1_003_000);
  });

  it('leaves no frame for a burst that changed nothing, and none for a save of the same code', () => {
    const frames = saves(['start', 'start!', 'start!!', 'start'], 1_000);
    expect(replayFrames(frames)).toEqual(['start']);
    expect(recordSave(frames, 'start', 'start', 9_999_999)).toEqual(frames);
  });

  it('stays within the frame limit over a long attempt, covering it from the first save to the last', () => {
    const codes = Array.from({ length: 1_000 }, (_, index) => `line ${index}\n`.repeat(1 + (index % 7)));
    const frames = saves(codes, PLAYBACK_LIMITS.coalesceMs + 1);
    expect(frames.length).toBeLessThanOrEqual(PLAYBACK_LIMITS.maxFrames);
    const states = replayFrames(frames);
    expect(states[0]).toBe(codes[0]);
    expect(states.at(-1)).toBe(codes.at(-1));
    expect(frames.at(-1)!.at).toBe(1_000_000 + 999 * (PLAYBACK_LIMITS.coalesceMs + 1));
  });

  it('stays within the character limit when whole answers are replaced again and again', () => {
    const big = (letter: string) => `${letter}\n`.repeat(40_000);
    const codes = ['a', 'b', 'c', 'd', 'e', 'f'].map(big);
    const frames = saves(codes, PLAYBACK_LIMITS.coalesceMs);
    const size = frames.reduce((sum, frame) => sum + frame.deleted.length + frame.inserted.length, 0);
    expect(size).toBeLessThanOrEqual(PLAYBACK_LIMITS.maxChars);
    expect(replayFrames(frames).at(-1)).toBe(codes.at(-1));
  });
});

describe('thinFrames', () => {
  it('merges neighbours after the first, keeping the last state and its time', () => {
    const codes = ['1', '12', '123', '1234', '12345'];
    const frames = saves(codes, PLAYBACK_LIMITS.coalesceMs);
    const thinned = thinFrames(frames);
    expect(replayFrames(thinned)).toEqual(['1', '123', '12345']);
    expect(thinned.at(-1)!.at).toBe(frames.at(-1)!.at);
  });
});

describe('keyFrames', () => {
  it('shows the largest change and moments spread over the writing, never the last state', () => {
    const codes = ['a', 'ab', `ab${'x'.repeat(300)}`, `ab${'x'.repeat(300)}c`, `ab${'x'.repeat(300)}cd`, `ab${'x'.repeat(300)}cde`];
    const frames = saves(codes, PLAYBACK_LIMITS.coalesceMs);
    const picked = keyFrames(frames, 3);
    expect(picked.length).toBeLessThanOrEqual(3);
    expect(picked.find((frame) => frame.why === 'largest change')?.code).toBe(codes[2]);
    expect(picked.map((frame) => frame.code)).not.toContain(codes.at(-1));
    expect(picked.map((frame) => frame.at)).toEqual([...picked.map((frame) => frame.at)].sort((a, b) => a - b));
    expect(keyFrames(frames.slice(0, 1))).toEqual([]);
  });
});
