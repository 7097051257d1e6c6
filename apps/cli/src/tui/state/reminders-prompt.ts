import type { SettingReading } from './setting-prompt.js';

/**
 * The reminders screen's prompt (issue 50 item 4): what `assay reminders set TEST` takes, typed: hours as `48,4`, `off`
 * for none, `default` for the service's. Undefined: not one of those (the server checks the bounds: 400.21).
 */
export const readReminderHours = (text: string): SettingReading<number[] | null> => {
  const trimmed = text.trim().replace(/\s+/gu, '');
  if (trimmed === 'off') return { value: [] };
  if (trimmed === 'default') return { value: null };
  if (/^[0-9]{1,4}(,[0-9]{1,4})*$/u.test(trimmed)) return { value: trimmed.split(',').map(Number) };
  return { error: 'type whole hours separated by commas (48,4), off, or default' };
};
