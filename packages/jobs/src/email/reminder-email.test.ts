import { describe, expect, it } from 'vitest';
import { renderExpiryNote, renderReminderEmail } from './reminder-email.js';

const CLOSES = Date.UTC(2026, 11, 4, 9);

describe('the reminder email', () => {
  const email = renderReminderEmail({
    orgName: 'Acme <Hiring>',
    testName: 'Backend\nscreening',
    takeTestUrl: 'https://assay.test/t/tok',
    unsubscribeUrl: 'https://assay.test/unsubscribe/7.sig',
    closesAt: CLOSES,
    hours: 48,
  });

  it('says when the window closes, in UTC, with the take-test link and the unsubscribe link', () => {
    expect(email.subject).toBe('Reminder: Backend screening closes in 2 days');
    expect(email.text).toContain('It can be started until Friday, 4 December 2026 at 09:00 UTC');
    expect(email.text).toContain('https://assay.test/t/tok');
    expect(email.text).toContain('https://assay.test/unsubscribe/7.sig');
    expect(email.html).toContain('<a href="https://assay.test/unsubscribe/7.sig">Stop reminders about this test</a>');
    expect(email.html).toContain('Acme &lt;Hiring&gt;');
    expect(email.html).not.toContain('<Hiring>');
  });

  it('counts hours under two days as hours', () => {
    const soon = renderReminderEmail({ orgName: 'Acme', testName: 'T', takeTestUrl: 'u', unsubscribeUrl: 'v', closesAt: CLOSES, hours: 4 });
    expect(soon.subject).toBe('Reminder: T closes in 4 hours');
    expect(renderReminderEmail({ orgName: 'Acme', testName: 'T', takeTestUrl: 'u', unsubscribeUrl: 'v', closesAt: CLOSES, hours: 1 }).subject).toBe(
      'Reminder: T closes in 1 hour',
    );
  });
});

describe('the reminder of an invitation a person made (decisions 825, 826)', () => {
  const base = { orgName: 'Acme', testName: 'T', takeTestUrl: 'https://assay.test/t/tok', unsubscribeUrl: 'https://assay.test/u', closesAt: CLOSES, hours: 48 };

  it('names the person in the reason and the signature, and says whom to ask', () => {
    const email = renderReminderEmail({ ...base, inviter: { name: 'Ada <Lovelace>', email: 'ada@acme.example' }, ask: 'Ada <Lovelace> (ada@acme.example)' });
    expect(email.text).toContain('Questions? Ask Ada <Lovelace> (ada@acme.example).');
    expect(email.text).toContain('--\nAda <Lovelace>\nAcme\nYou receive this because Ada <Lovelace> of Acme invited you to this test.');
    expect(email.html).toContain('Ada &lt;Lovelace&gt;<br>Acme<br>You receive this because Ada &lt;Lovelace&gt; of Acme invited you');
    expect(email.html).not.toContain('<Lovelace>');
    // Without a person: the org alone and no question line, as before.
    const orgOnly = renderReminderEmail({ ...base, inviter: null });
    expect(orgOnly.text).toContain('--\nAcme\nYou receive this because Acme invited you to this test.');
    expect(orgOnly.text).not.toContain('Questions?');
  });
});

describe('the expiry note', () => {
  it('names the candidate, the test, the invitation and the close, escaped', () => {
    const note = renderExpiryNote({
      orgName: 'Acme',
      testName: 'Backend screening',
      candidateName: 'Eve <script>',
      candidateEmail: 'eve@example.com',
      testInvitationId: 42,
      closedAt: CLOSES,
    });
    expect(note.subject).toBe('Not started: Eve <script> did not take Backend screening');
    expect(note.text).toContain('Test invitation 42.');
    expect(note.html).toContain('Eve &lt;script&gt;');
    expect(note.html).not.toContain('<script>');
  });
});
