import { describe, expect, it } from 'vitest';
import { invitationSettingsText } from './org-invitation-settings.js';

describe('assay org invitations (decision 815)', () => {
  it('says what an invitation without --send-email/--no-send-email does', () => {
    expect(invitationSettingsText({ sendEmailByDefault: false })).toBe(
      'Invited candidates are not emailed unless the invitation asks (assay invite --send-email).',
    );
    expect(invitationSettingsText({ sendEmailByDefault: true })).toBe(
      'Invited candidates are emailed unless the invitation says not to (assay invite --no-send-email).',
    );
  });
});
