import { describe, expect, it } from 'vitest';
import { contactLine, renderCandidateLinkEmail, zonedMoment } from './candidate-link-email.js';
import { whomToAsk } from './inviter-lines.js';

const data = { orgName: 'Hogwarts', testName: 'Potions', takeTestUrl: 'https://assay.test/t/abc' } as const;

describe('renderCandidateLinkEmail', () => {
  it('a public link registration: says the address was typed on the page', () => {
    const email = renderCandidateLinkEmail({ ...data, status: 'Pending' });
    expect(email.text).toMatch(/^Hello,\n\nYou are registered for "Potions"\. Open your test here:\nhttps:\/\/assay\.test\/t\/abc\n/);
    expect(email.text).toContain('public registration page');
  });

  it('a Greenhouse send: an invitation from the org, with the link', () => {
    const email = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'greenhouse' });
    expect(email.subject).toBe('Your link for Potions');
    expect(email.text).toMatch(/^Hello,\n\nYou are invited to take "Potions"\. Open your test here:\nhttps:\/\/assay\.test\/t\/abc\n/);
    expect(email.text).toContain('Hogwarts sent you this test with your application');
    expect(email.text).not.toContain('public registration page');
    expect(email.html).toContain('<a href="https://assay.test/t/abc">');
  });

  it('a bulk upload’s invitation: says the org invited them and until when, in UTC, and nothing of a public page', () => {
    const closesAt = Date.UTC(2026, 11, 1, 17, 0);
    const email = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'bulk', closesAt });
    expect(email.text).toMatch(
      /^Hello,\n\nHogwarts invites you to take "Potions"\. Open your test here:\nhttps:\/\/assay\.test\/t\/abc\nIt can be started until Tuesday, 1 December 2026(,| at) 17:00 UTC\.\n/,
    );
    expect(email.text).toContain('You receive this because Hogwarts invited you to this test.');
    expect(email.text).not.toContain('public registration page');
    expect(email.html).toContain('It can be started until Tuesday, 1 December 2026');
    // Without a deadline nothing is made up.
    expect(renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'bulk', closesAt: null }).text).not.toContain('until');
  });

  it('a finished attempt carries no link, whatever the reason', () => {
    const email = renderCandidateLinkEmail({ ...data, status: 'Completed', reason: 'greenhouse' });
    expect(email.text).not.toContain('https://assay.test/t/abc');
  });

  it('a single invitation and a reattempt: who invites, until when in the given zone, and whom to ask (decisions 780–782)', () => {
    const closesAt = Date.UTC(2026, 11, 4, 17, 0);
    const invited = renderCandidateLinkEmail({
      ...data,
      status: 'Pending',
      reason: 'invitation',
      closesAt,
      zone: 'Europe/Berlin',
      contact: 'Dana (dana@hogwarts.example)',
    });
    expect(invited.text).toContain('Hogwarts invites you to take "Potions". Open your test here:');
    expect(invited.text).toMatch(/It can be started until Friday, 4 December 2026(,| at) 18:00 \(Europe\/Berlin\)\./);
    expect(invited.text).toContain('Questions? Ask Dana (dana@hogwarts.example).');
    expect(invited.html).toContain('Questions? Ask Dana (dana@hogwarts.example).');
    const again = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'reattempt' });
    expect(again.text).toContain('Hogwarts gives you another attempt at "Potions". Open your new test here:');
    expect(again.text).toContain('You receive this because Hogwarts gave you another attempt at this test.');
    expect(again.text).not.toContain('Questions?');
  });

  it('the contact line: a name with its address or page; none without either', () => {
    expect(contactLine({ contactName: 'Dana', contactEmail: 'dana@x.example', contactUrl: null })).toBe('Dana (dana@x.example)');
    expect(contactLine({ contactName: null, contactEmail: null, contactUrl: 'https://x.example/help' })).toBe('https://x.example/help');
    expect(contactLine({ contactName: 'Dana', contactEmail: null, contactUrl: null })).toBeNull();
    expect(zonedMoment(Date.UTC(2026, 11, 4, 17, 0), 'UTC')).toMatch(/17:00 UTC$/);
  });

  const ada = { name: 'Ada Lovelace', email: 'ada@hogwarts.example' };

  it('names the person who invited: in the lead, the signature and the reason, and offers their address without an org contact (decisions 825, 826)', () => {
    const invited = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'invitation', inviter: ada });
    expect(invited.text).toMatch(/^Hello,\n\nAda Lovelace of Hogwarts invites you to take "Potions"\. Open your test here:\n/);
    expect(invited.text).toContain('Questions? Ask Ada Lovelace (ada@hogwarts.example).');
    expect(invited.text).toContain('--\nAda Lovelace\nHogwarts\nYou receive this because Ada Lovelace of Hogwarts invited you to this test.');
    expect(invited.html).toContain('Ada Lovelace<br>Hogwarts<br>You receive this because Ada Lovelace of Hogwarts invited you');
    const again = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'reattempt', inviter: ada });
    expect(again.text).toContain('Ada Lovelace of Hogwarts gives you another attempt at "Potions". Open your new test here:');
    expect(renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'bulk', inviter: ada }).text).toContain('Ada Lovelace of Hogwarts invites you');
    // The org's own contact wins: the org chose where candidates ask.
    const withContact = renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'invitation', inviter: ada, contact: 'Dana (dana@hogwarts.example)' });
    expect(withContact.text).toContain('Questions? Ask Dana (dana@hogwarts.example).');
    expect(withContact.text).not.toContain('ada@hogwarts.example');
    // A person without an address is named, and nobody is offered to ask.
    expect(renderCandidateLinkEmail({ ...data, status: 'Pending', reason: 'invitation', inviter: { name: 'Bo', email: null } }).text).not.toContain(
      'Questions?',
    );
    // A public link's registration and Greenhouse never name a person, whoever made the invitation.
    for (const reason of ['self-registration', 'greenhouse'] as const) {
      const email = renderCandidateLinkEmail({ ...data, status: 'Pending', reason, inviter: ada });
      expect(email.text).not.toContain('Ada');
      expect(email.html).not.toContain('Ada');
    }
  });

  it('a name is one line in the text and escaped in the HTML, like the org’s', () => {
    const email = renderCandidateLinkEmail({
      ...data,
      status: 'Pending',
      reason: 'invitation',
      inviter: { name: 'Eve <b>x</b>\r\nBcc: all@example.com', email: 'eve@hogwarts.example' },
    });
    expect(email.text).toContain('Eve <b>x</b> Bcc: all@example.com of Hogwarts invites you');
    expect(email.text).not.toMatch(/\nBcc:/);
    expect(email.html).toContain('Eve &lt;b&gt;x&lt;/b&gt; Bcc: all@example.com of Hogwarts invites you');
    expect(email.html).not.toContain('<b>x</b>');
  });

  it('whom to ask: the org’s contact, else the inviter with an address, else nobody', () => {
    expect(whomToAsk('Dana (d@x.example)', ada)).toBe('Dana (d@x.example)');
    expect(whomToAsk(null, ada)).toBe('Ada Lovelace (ada@hogwarts.example)');
    expect(whomToAsk(null, { name: 'Bo', email: null })).toBeNull();
    expect(whomToAsk(undefined, null)).toBeNull();
  });
});
