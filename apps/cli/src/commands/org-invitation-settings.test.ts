import { describe, expect, it } from 'vitest';
import { invitationSettingsText, parseDaysOrNone } from './org-invitation-settings.js';

const none = { defaultDeadlineDays: null, remindAfterDays: null };

describe('assay org invitations (decisions 815, 1394, 1395)', () => {
  it('says what an invitation without --send-email/--no-send-email does', () => {
    expect(invitationSettingsText({ sendEmailByDefault: false, ...none }).split('\n')[0]).toBe(
      'Invited candidates are not emailed unless the invitation asks (assay invite --send-email).',
    );
    expect(invitationSettingsText({ sendEmailByDefault: true, ...none }).split('\n')[0]).toBe(
      'Invited candidates are emailed unless the invitation says not to (assay invite --no-send-email).',
    );
  });

  it('says the default deadline and the reminder without one, or that there are none', () => {
    expect(
      invitationSettingsText({ sendEmailByDefault: false, ...none })
        .split('\n')
        .slice(1),
    ).toEqual(['A single invitation made without a deadline has none.', 'Candidates invited without any deadline are not reminded.']);
    expect(invitationSettingsText({ sendEmailByDefault: false, defaultDeadlineDays: 7, remindAfterDays: 3 }).split('\n').slice(1)).toEqual([
      'A single invitation made without a deadline expires 7 day(s) after it is made.',
      'Candidates invited without any deadline who have not started are reminded once, 3 day(s) after the invitation.',
    ]);
  });

  it('reads days as whole numbers 1–365 or none, refusing anything else', () => {
    expect(parseDaysOrNone('7')).toBe(7);
    expect(parseDaysOrNone('none')).toBe('none');
    for (const bad of ['0', '366', '1.5', '-3', 'seven', '']) expect(() => parseDaysOrNone(bad)).toThrow(/whole days from 1 to 365, or none/);
  });
});
