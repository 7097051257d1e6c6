import { describe, expect, it } from 'vitest';
import { renderCandidateLinkEmail } from './candidate-link-email.js';

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
});
