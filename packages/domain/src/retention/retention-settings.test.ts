import { describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS, RetentionSettingsInput, decideRetention } from './retention-settings.js';

describe('retention settings (decisions 849, 850)', () => {
  it('changes only the periods given', () => {
    expect(decideRetention(RETENTION_DEFAULTS, { endedDays: 400 })).toEqual({ val: { endedDays: 400, mediaDays: 60, unstartedDays: 180 } });
    expect(decideRetention(RETENTION_DEFAULTS, {})).toEqual({ val: RETENTION_DEFAULTS });
    expect(decideRetention(RETENTION_DEFAULTS, { unstartedDays: null })).toEqual({ val: { ...RETENTION_DEFAULTS, unstartedDays: null } });
  });

  it('keeps everything when every period is null', () => {
    expect(decideRetention(RETENTION_DEFAULTS, { endedDays: null, mediaDays: null, unstartedDays: null }).val).toEqual({
      endedDays: null,
      mediaDays: null,
      unstartedDays: null,
    });
    expect(decideRetention({ endedDays: null, mediaDays: null, unstartedDays: null }, { mediaDays: 30 }).val?.mediaDays).toBe(30);
  });

  it.each([
    [{ endedDays: 0 }, 'endedDays is 1 to 3650 days, or null to keep; got 0.'],
    [{ unstartedDays: 3651 }, 'unstartedDays is 1 to 3650 days, or null to keep; got 3651.'],
    [{ mediaDays: 90, endedDays: 60 }, 'mediaDays (90) must not be more than endedDays (60): media go with their invitation.'],
    [{ endedDays: 30 }, 'mediaDays (60) must not be more than endedDays (30): media go with their invitation.'],
    [
      { mediaDays: null },
      'mediaDays cannot keep snapshots and playback forever while endedDays erases their invitation after 365 days; give mediaDays at most 365.',
    ],
  ])('refuses %j with 400.56 saying why', (change, message) => {
    expect(decideRetention(RETENTION_DEFAULTS, change).err).toEqual({ kind: 'retention-out-of-bounds', message });
  });

  it('takes whole days or null, and nothing else', () => {
    expect(RetentionSettingsInput.safeParse({ endedDays: 1.5 }).success).toBe(false);
    expect(RetentionSettingsInput.safeParse({ endedDays: '30' }).success).toBe(false);
    expect(RetentionSettingsInput.safeParse({ keepDays: 30 }).success).toBe(false);
    expect(RetentionSettingsInput.safeParse({ endedDays: null }).success).toBe(true);
  });
});
