import { describe, expect, it } from 'vitest';
import { invitationStatuses } from '../invitation-status.js';
import { decideReportLink, reportLinkStanding } from './report-link.js';

const NOW = 1_760_000_000_000;
const completed = { status: 'Completed' as const, reportLinkGeneration: 0 };
const claims = { expires: NOW / 1000 + 60, generation: 0 };

describe('reportLinkStanding: a signed report link is the record of its attempt', () => {
  it('is valid until the instant it expires, and expired from then on', () => {
    expect(reportLinkStanding(completed, claims, NOW)).toBe('valid');
    expect(reportLinkStanding(completed, claims, claims.expires * 1000 - 1)).toBe('valid');
    expect(reportLinkStanding(completed, claims, claims.expires * 1000)).toBe('expired');
  });

  it('is revoked once the invitation’s links were revoked after it was issued, and only then', () => {
    expect(reportLinkStanding({ ...completed, reportLinkGeneration: 1 }, claims, NOW)).toBe('revoked');
    expect(reportLinkStanding({ ...completed, reportLinkGeneration: 1 }, { ...claims, generation: 1 }, NOW)).toBe('valid');
    // Revoked and expired: the explicit act is the reason given.
    expect(reportLinkStanding({ ...completed, reportLinkGeneration: 1 }, claims, claims.expires * 1000)).toBe('revoked');
  });

  it.each(invitationStatuses.filter((status) => status !== 'Completed'))('is revoked when the invitation is %s: its attempt is no longer there', (status) => {
    expect(reportLinkStanding({ ...completed, status }, claims, NOW)).toBe('revoked');
  });

  it('decides the route’s answer: the PDF, or 403.14 with the reason', () => {
    expect(decideReportLink(completed, claims, NOW)).toEqual({ val: 'valid' });
    expect(decideReportLink(completed, claims, claims.expires * 1000).err).toMatchObject({
      kind: 'report-link-invalid',
      message: expect.stringContaining('expired'),
    });
    expect(decideReportLink({ ...completed, reportLinkGeneration: 2 }, claims, NOW).err).toMatchObject({
      kind: 'report-link-invalid',
      message: expect.stringContaining('revoked'),
    });
  });
});
