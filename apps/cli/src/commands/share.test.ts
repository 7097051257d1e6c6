import { describe, expect, it } from 'vitest';
import { parseShareDays, sharesText } from './share.js';

describe('assay share', () => {
  it('takes 1 to 90 whole days and refuses anything else before any request', () => {
    expect(parseShareDays('1')).toBe(1);
    expect(parseShareDays('90')).toBe(90);
    for (const bad of ['0', '91', '2.5', '-3', 'ten', '']) expect(() => parseShareDays(bad), bad).toThrow('must be a whole number of days from 1 to 90.');
  });

  it('lists shares with their status, opens and instants in UTC, never a URL', () => {
    const text = sharesText([
      {
        shareId: 7,
        testInvitationId: 42,
        createdAt: '2026-11-01T09:00:00.000Z',
        expiresAt: '2026-11-15T09:00:00.000Z',
        revokedAt: null,
        status: 'open',
        opens: 3,
        lastOpenedAt: '2026-11-02T10:30:00.000Z',
      },
    ]).split('\n');
    expect(text[0]).toMatch(/^SHARE\s+INVITATION\s+STATUS\s+OPENS/);
    expect(text[1]).toMatch(/^7\s+42\s+open\s+3\s+2026-11-01 09:00:00\s+2026-11-15 09:00:00\s+2026-11-02 10:30:00$/);
    expect(sharesText([])).toBe('No report shares.');
  });
});
