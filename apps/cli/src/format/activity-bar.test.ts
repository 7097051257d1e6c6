import { describe, expect, it } from 'vitest';
import { activityBarText } from './activity-bar.js';

describe('the activity bar of a download of unknown length', () => {
  it('moves its block one cell per 4 KiB received, to the end and back, always at its width', () => {
    expect(activityBarText(0, 8)).toBe('████░░░░');
    expect(activityBarText(4096, 8)).toBe('░████░░░');
    expect(activityBarText(4 * 4096, 8)).toBe('░░░░████');
    expect(activityBarText(5 * 4096, 8)).toBe('░░░████░');
    expect(activityBarText(8 * 4096, 8)).toBe('████░░░░');
    for (let loaded = 0; loaded < 40 * 4096; loaded += 1000) expect(activityBarText(loaded, 12)).toHaveLength(12);
  });
});
