import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_HOURS, decideReminderHours, effectiveReminders, reminderSettingsOf, storedReminderHours } from './reminder-settings.js';

describe('reminder settings', () => {
  it('keeps hours distinct, bounded and largest first', () => {
    expect(decideReminderHours([4, 48])).toEqual({ val: [48, 4] });
    expect(decideReminderHours([])).toEqual({ val: [] });
    expect(decideReminderHours(null)).toEqual({ val: null });
  });

  it.each([[[0]], [[721]], [[4, 4]], [[1, 2, 3, 4, 5]]])('refuses %j with 400.21', (hours) => {
    expect(decideReminderHours(hours).err?.kind).toBe('reminder-hours-out-of-bounds');
  });

  it('inherits link ← test ← default', () => {
    expect(effectiveReminders(undefined, null)).toEqual({ hours: [...DEFAULT_REMINDER_HOURS], source: 'default' });
    expect(effectiveReminders(null, [24])).toEqual({ hours: [24], source: 'test' });
    expect(effectiveReminders([], [24])).toEqual({ hours: [], source: 'link' });
    expect(reminderSettingsOf({ testHours: null })).toEqual({ reminderHours: null, effectiveHours: [48, 4], source: 'default' });
    expect(reminderSettingsOf({ linkHours: null, testHours: [12] })).toEqual({ reminderHours: null, effectiveHours: [12], source: 'test' });
  });

  it('reads stored JSON, and anything unreadable as not chosen', () => {
    expect(storedReminderHours('[48,4]')).toEqual([48, 4]);
    expect(storedReminderHours(null)).toBeNull();
    expect(storedReminderHours('nonsense')).toBeNull();
    expect(storedReminderHours('["a"]')).toBeNull();
  });
});
