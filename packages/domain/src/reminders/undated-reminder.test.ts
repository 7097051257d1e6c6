import { describe, expect, it } from 'vitest';
import { UNDATED_REMINDER_KEY, undatedReminderDue, undatedReminderStillWanted, type UndatedReminderFacts } from './undated-reminder.js';

const DAY = 24 * 3_600_000;
const INVITED = Date.UTC(2026, 10, 2, 9, 0, 0);
const facts = (over: Partial<UndatedReminderFacts> = {}): UndatedReminderFacts => ({
  status: 'Pending',
  unsubscribed: false,
  invitedAt: INVITED,
  closesAt: null,
  remindAfterDays: 5,
  claimed: [],
  ...over,
});
const due = [{ action: 'remind-undated', key: UNDATED_REMINDER_KEY, days: 5 }];

describe('undatedReminderDue (decision 1396)', () => {
  it('reminds once, remindAfterDays after the invitation, not a millisecond before', () => {
    expect(undatedReminderDue(facts(), INVITED + 5 * DAY - 1)).toEqual([]);
    expect(undatedReminderDue(facts(), INVITED + 5 * DAY)).toEqual(due);
    expect(undatedReminderDue(facts(), INVITED + 40 * DAY)).toEqual(due);
    expect(undatedReminderDue(facts({ claimed: [UNDATED_REMINDER_KEY] }), INVITED + 6 * DAY)).toEqual([]);
  });

  it('reminds nobody with a deadline, started, finished, cancelled or unsubscribed, nor when the org chose none', () => {
    const later = INVITED + 9 * DAY;
    expect(undatedReminderDue(facts({ closesAt: INVITED + 20 * DAY }), later)).toEqual([]);
    expect(undatedReminderDue(facts({ remindAfterDays: null }), later)).toEqual([]);
    expect(undatedReminderDue(facts({ unsubscribed: true }), later)).toEqual([]);
    for (const status of ['In progress', 'Completed', 'Cancelled'] as const) expect(undatedReminderDue(facts({ status }), later)).toEqual([]);
    expect(undatedReminderDue(facts({ status: 'Reset' }), later)).toEqual(due);
  });

  it('is dropped at sending when the candidate started or the invitation was given a deadline since', () => {
    expect(undatedReminderStillWanted({ status: 'Pending', unsubscribed: false, closesAt: null })).toBe(true);
    expect(undatedReminderStillWanted({ status: 'In progress', unsubscribed: false, closesAt: null })).toBe(false);
    expect(undatedReminderStillWanted({ status: 'Pending', unsubscribed: true, closesAt: null })).toBe(false);
    expect(undatedReminderStillWanted({ status: 'Pending', unsubscribed: false, closesAt: INVITED + DAY })).toBe(false);
  });
});
