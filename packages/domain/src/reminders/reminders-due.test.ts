import { describe, expect, it } from 'vitest';
import {
  EXPIRY_NOTE_KEY,
  EXPIRY_NOTE_LOOKBACK_MS,
  expiryNoteStillTrue,
  reminderKey,
  reminderStillWanted,
  remindersDue,
  type ReminderFacts,
} from './reminders-due.js';

const H = 3_600_000;
const CLOSES = Date.UTC(2026, 11, 10, 17, 0, 0);
const facts = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  status: 'Pending',
  unsubscribed: false,
  invitedAt: CLOSES - 10 * 24 * H,
  closesAt: CLOSES,
  hours: [48, 4],
  claimed: [],
  stakeholder: 'lead@acme.example',
  ...over,
});

describe('remindersDue', () => {
  it('sends nothing before the first moment, then the 48 h reminder, then the 4 h one', () => {
    expect(remindersDue(facts(), CLOSES - 49 * H)).toEqual([]);
    expect(remindersDue(facts(), CLOSES - 48 * H)).toEqual([{ action: 'remind', key: reminderKey(48), hours: 48 }]);
    expect(remindersDue(facts({ claimed: [reminderKey(48)] }), CLOSES - 5 * H)).toEqual([]);
    expect(remindersDue(facts({ claimed: [reminderKey(48)] }), CLOSES - 4 * H)).toEqual([{ action: 'remind', key: reminderKey(4), hours: 4 }]);
    expect(remindersDue(facts({ claimed: [reminderKey(48), reminderKey(4)] }), CLOSES - H)).toEqual([]);
  });

  it('after a pause sends only the latest reminder and claims the earlier as skipped', () => {
    expect(remindersDue(facts(), CLOSES - 2 * H)).toEqual([
      { action: 'remind', key: reminderKey(4), hours: 4 },
      { action: 'skip', key: reminderKey(48) },
    ]);
  });

  it('never sends a reminder whose moment came before the invitation', () => {
    const lateInvite = facts({ invitedAt: CLOSES - 10 * H });
    expect(remindersDue(lateInvite, CLOSES - 9 * H)).toEqual([]);
    expect(remindersDue(lateInvite, CLOSES - 4 * H)).toEqual([{ action: 'remind', key: reminderKey(4), hours: 4 }]);
  });

  it.each(['In progress', 'Completed', 'Cancelled'] as const)('sends nothing, not even the expiry note, to an invitation %s', (status) => {
    expect(remindersDue(facts({ status }), CLOSES - 4 * H)).toEqual([]);
    expect(remindersDue(facts({ status }), CLOSES + H)).toEqual([]);
  });

  it('treats a Reset invitation as not started', () => {
    expect(remindersDue(facts({ status: 'Reset' }), CLOSES - 48 * H)).toHaveLength(1);
  });

  it('sends no reminder to a candidate who unsubscribed, but still the stakeholder note', () => {
    expect(remindersDue(facts({ unsubscribed: true }), CLOSES - 4 * H)).toEqual([]);
    expect(remindersDue(facts({ unsubscribed: true }), CLOSES)).toEqual([{ action: 'note-expiry', key: EXPIRY_NOTE_KEY }]);
  });

  it('notes the expiry once, within the look-back, and only claims it without a stakeholder', () => {
    expect(remindersDue(facts(), CLOSES + H)).toEqual([{ action: 'note-expiry', key: EXPIRY_NOTE_KEY }]);
    expect(remindersDue(facts({ claimed: [EXPIRY_NOTE_KEY] }), CLOSES + H)).toEqual([]);
    expect(remindersDue(facts(), CLOSES + EXPIRY_NOTE_LOOKBACK_MS)).toEqual([]);
    expect(remindersDue(facts({ stakeholder: null }), CLOSES + H)).toEqual([{ action: 'skip', key: EXPIRY_NOTE_KEY }]);
  });

  it('sends nothing when the window never closes, or with reminders turned off', () => {
    expect(remindersDue(facts({ closesAt: null }), CLOSES)).toEqual([]);
    expect(remindersDue(facts({ hours: [] }), CLOSES - 4 * H)).toEqual([]);
  });
});

describe('when sent', () => {
  it('a reminder still wanted only for a not-started, subscribed candidate before the close', () => {
    const base = { status: 'Pending' as const, unsubscribed: false, closesAt: CLOSES };
    expect(reminderStillWanted(base, CLOSES - H)).toBe(true);
    expect(reminderStillWanted(base, CLOSES)).toBe(false);
    expect(reminderStillWanted({ ...base, unsubscribed: true }, CLOSES - H)).toBe(false);
    expect(reminderStillWanted({ ...base, status: 'In progress' }, CLOSES - H)).toBe(false);
    expect(reminderStillWanted({ ...base, closesAt: null }, CLOSES - H)).toBe(false);
  });

  it('an expiry note holds while the invitation is still not started', () => {
    expect(expiryNoteStillTrue('Pending')).toBe(true);
    expect(expiryNoteStillTrue('Cancelled')).toBe(false);
  });
});
