import { spliceOf } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { frameView, playbackStates } from './playback-view.js';

const versions = ['def f(x):\n', 'def f(x):\n    return x\n', 'def f(x):\n    return x + 1\n'];
const playback = {
  frames: versions.map((code, index) => ({
    at: new Date(Date.UTC(2026, 10, 25, 10, 0, index * 65)).toISOString(),
    ...spliceOf(index === 0 ? '' : versions[index - 1]!, code),
  })),
};

describe('code playback frames', () => {
  it('replays every state with the domain', () => {
    expect(playbackStates(playback)).toEqual(versions);
    expect(playbackStates(undefined)).toEqual([]);
  });

  it('shows a frame: its time, since the first, how much changed and the lines it touched', () => {
    const view = frameView(playback, playbackStates(playback), 1);
    expect(view).toMatchObject({ index: 1, count: 3, at: '10:01:05 UTC', since: '+1 min 5 s', change: '+13 −0 chars', touched: { from: 2, to: 3 } });
    expect(view?.lines).toEqual(['def f(x):', '    return x', '']);
    expect(frameView(playback, playbackStates(playback), 2)).toMatchObject({ change: '+4 −0 chars', touched: { from: 2, to: 2 } });
  });

  it('clamps the frame wanted, and has none without a history', () => {
    expect(frameView(playback, playbackStates(playback), 99)?.index).toBe(2);
    expect(frameView(playback, playbackStates(playback), -1)?.index).toBe(0);
    expect(frameView(undefined, [], 0)).toBeNull();
    expect(frameView({ frames: [] }, [], 0)).toBeNull();
  });
});
