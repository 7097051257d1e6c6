import { describe, expect, it } from 'vitest';
import { resolveAccessWindow, type AccessTimeInput, type AccessWindow } from '../access-time.js';
import { decideSelfRegistration, publicLinkVerdict, type PublicLinkFacts } from './self-registration-gate.js';

const windowOf = (input: AccessTimeInput): AccessWindow => {
  const result = resolveAccessWindow(input);
  if (result.err) throw new Error(`expected a window, got ${result.err.kind}`);
  return result.val;
};

/** 1 Dec 09:00 to 5 Dec 17:00 UTC, open 09:00 to 17:00 each day. */
const slots = windowOf({ accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' });
const at = (text: string) => Date.parse(`${text}Z`);
const link = (facts: Partial<PublicLinkFacts> = {}): PublicLinkFacts => ({
  testStatus: 'Active',
  linkStatus: 1,
  window: slots,
  inviteCandidateOnly: 0,
  ...facts,
});

describe('publicLinkVerdict', () => {
  it('is the admission verdict a newcomer would get', () => {
    expect(publicLinkVerdict(link(), at('2026-12-02T10:00:00'))).toBe('open');
    expect(publicLinkVerdict(link(), at('2026-11-30T10:00:00'))).toBe('notYetOpen');
    expect(publicLinkVerdict(link(), at('2026-12-02T20:00:00'))).toBe('outsideDailyWindow');
    expect(publicLinkVerdict(link(), at('2026-12-06T10:00:00'))).toBe('closed');
    expect(publicLinkVerdict(link({ linkStatus: 3 }), at('2026-12-02T10:00:00'))).toBe('linkInactive');
    // The test's own state comes before the link's.
    expect(publicLinkVerdict(link({ testStatus: 'Inactive', linkStatus: 3 }), at('2026-12-02T10:00:00'))).toBe('testInactive');
  });
});

describe('decideSelfRegistration', () => {
  it('registers on an open link, and on one that is not open yet or outside its daily window (the start waits)', () => {
    expect(decideSelfRegistration(link(), at('2026-12-02T10:00:00')).val).toBe('open');
    expect(decideSelfRegistration(link(), at('2026-11-30T10:00:00')).val).toBe('notYetOpen');
    expect(decideSelfRegistration(link(), at('2026-12-02T20:00:00')).val).toBe('outsideDailyWindow');
  });

  it('refuses an invite-only link with 403.10, before anything else', () => {
    const refused = decideSelfRegistration(link({ inviteCandidateOnly: 1, linkStatus: 3 }), at('2026-12-06T10:00:00'));
    expect(refused.err).toEqual({ kind: 'link-invited-only', message: 'This test is by invitation only: use the link in your invitation email.' });
  });

  it('refuses closed, inactive links and inactive tests with their admission refusals', () => {
    expect(decideSelfRegistration(link(), at('2026-12-06T10:00:00')).err?.kind).toBe('access-period-ended');
    expect(decideSelfRegistration(link({ linkStatus: 3 }), at('2026-12-02T10:00:00')).err).toEqual({
      kind: 'link-inactive',
      message: 'This test link is no longer active.',
    });
    expect(decideSelfRegistration(link({ testStatus: 'Inactive' }), at('2026-12-02T10:00:00')).err?.kind).toBe('test-inactive');
  });
});
