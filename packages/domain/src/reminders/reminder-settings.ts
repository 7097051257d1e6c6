import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';

/** When reminders go when neither the link nor its test chose (decision 512): two days and four hours before the window closes. */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [48, 4];

/** At most this many reminders per invitation, each at least an hour and at most 30 days before the window closes. */
export const MAX_REMINDERS = 4;
export const MIN_REMINDER_HOURS = 1;
export const MAX_REMINDER_HOURS = 720;

/**
 * The body of `PUT …/reminders` (a test's default, or one link's): hours before the window closes, or null to
 * inherit (a link from its test, a test from the service default). `[]` turns reminders off.
 */
export const ReminderSettingsInput = z.strictObject({
  reminderHours: z
    .array(z.int().meta({ description: 'Hours before the window closes.' }))
    .nullable()
    .meta({
      description: `Hours before the window closes, at most ${MAX_REMINDERS}, each ${MIN_REMINDER_HOURS}–${MAX_REMINDER_HOURS}; [] for none; null inherits.`,
    }),
});
export type ReminderSettingsInput = z.infer<typeof ReminderSettingsInput>;

export const ReminderSource = z.enum(['link', 'test', 'default']);
export type ReminderSource = z.infer<typeof ReminderSource>;

/** What `GET`/`PUT …/reminders` answer: the choice made at this level, and what applies with the inheritance. */
export const ReminderSettings = z.object({
  reminderHours: z.array(z.int()).nullable(),
  effectiveHours: z.array(z.int()),
  source: ReminderSource,
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** A choice of hours as kept: distinct, within bounds, largest first (the order they fall due). */
export const decideReminderHours = (hours: readonly number[] | null): Result<number[] | null> => {
  if (hours === null) return ok(null);
  if (hours.length > MAX_REMINDERS) return refuse('reminder-hours-out-of-bounds', `At most ${MAX_REMINDERS} reminders, got ${hours.length}.`);
  const outside = hours.find((h) => h < MIN_REMINDER_HOURS || h > MAX_REMINDER_HOURS);
  if (outside !== undefined) {
    return refuse(
      'reminder-hours-out-of-bounds',
      `Each reminder is ${MIN_REMINDER_HOURS} to ${MAX_REMINDER_HOURS} hours before the window closes, got ${outside}.`,
    );
  }
  if (new Set(hours).size !== hours.length) return refuse('reminder-hours-out-of-bounds', 'The reminder hours repeat one another.');
  return ok([...hours].sort((a, b) => b - a));
};

/** The hours that apply to an invitation: its link's choice, else its test's, else the default. */
export const effectiveReminders = (
  linkHours: readonly number[] | null | undefined,
  testHours: readonly number[] | null,
): { hours: number[]; source: ReminderSource } => {
  if (linkHours !== null && linkHours !== undefined) return { hours: [...linkHours], source: 'link' };
  if (testHours !== null) return { hours: [...testHours], source: 'test' };
  return { hours: [...DEFAULT_REMINDER_HOURS], source: 'default' };
};

/** The answer for one level (a test with `linkHours` undefined, or a link). */
export const reminderSettingsOf = (level: { linkHours?: number[] | null; testHours: number[] | null }): ReminderSettings => {
  const { hours, source } = effectiveReminders(level.linkHours, level.testHours);
  return { reminderHours: level.linkHours === undefined ? level.testHours : level.linkHours, effectiveHours: hours, source };
};

/** Stored as JSON text; anything unreadable counts as not chosen. */
export const storedReminderHours = (text: string | null): number[] | null => {
  if (text === null) return null;
  try {
    const parsed = z.array(z.int()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
