import { describe, expect, it } from 'vitest';
import { bulkFileIdentity } from './bulk-file-identity.js';
import { MAX_BULK_ROWS, acceptBulkFileSize, bulkColumnsOf, countBulkRow, checkBulkRow, checkBulkRows } from './bulk-rows.js';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('checkBulkRow', () => {
  it('takes a row the registration rules take, trimmed, with its extra time and expiry', () => {
    expect(checkBulkRow({ email: ' Ann@Example.com ', name: ' Ann Lee ', extraTimePercent: '25', linkExpiresAt: '2026-12-01T00:00:00Z' }, 3, now)).toEqual({
      ok: true,
      value: { row: 3, email: 'Ann@Example.com', name: 'Ann Lee', extraTimePercent: 25, linkExpiresAt: Date.parse('2026-12-01T00:00:00Z') },
    });
  });

  it("takes the API's own date-time (UTC, no offset) and ISO 8601 with an offset as the same moment", () => {
    const wire = checkBulkRow({ email: 'a@example.com', name: 'A', linkExpiresAt: '2026-12-01T18:00:00' }, 1, now);
    const offset = checkBulkRow({ email: 'a@example.com', name: 'A', linkExpiresAt: '2026-12-01T19:00:00+01:00' }, 1, now);
    expect(wire).toMatchObject({ ok: true, value: { linkExpiresAt: Date.parse('2026-12-01T18:00:00Z') } });
    expect(offset).toMatchObject({ ok: true, value: { linkExpiresAt: Date.parse('2026-12-01T18:00:00Z') } });
  });

  it('leaves out empty optional cells', () => {
    const checked = checkBulkRow({ email: 'a@example.com', name: 'A', extraTimePercent: '', linkExpiresAt: '' }, 1, now);
    expect(checked).toMatchObject({ ok: true, value: { extraTimePercent: undefined, linkExpiresAt: undefined } });
  });

  it.each([
    [{ email: 'not-an-address', name: 'A' }, /email must be a valid email address/],
    [{ email: 'a@example.com', name: '' }, /name/],
    [{ email: 'a@example.com', name: 'A', extraTimePercent: '150' }, /extraTimePercent must be a whole number from 0 to 100/],
    [{ email: 'a@example.com', name: 'A', extraTimePercent: 'lots' }, /extraTimePercent/],
    [{ email: 'a@example.com', name: 'A', linkExpiresAt: 'tomorrow' }, /linkExpiresAt must be a UTC date-time YYYY-MM-DDTHH:MM:SS or ISO 8601/],
    [{ email: 'a@example.com', name: 'A', linkExpiresAt: '2026-11-01T00:00:00Z' }, /in the past/],
  ])('refuses %j with the reason', (raw, reason) => {
    const checked = checkBulkRow(raw, 7, now);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.row).toBe(7);
      expect(checked.reason).toMatch(reason);
      expect(checked.reason).not.toMatch(/emailId|fullName/);
    }
  });
});

describe('checkBulkRows', () => {
  it('refuses an address named again, whatever its case, pointing at the first row', () => {
    const checked = checkBulkRows(
      [
        { email: 'a@example.com', name: 'A' },
        { email: 'b@example.com', name: 'B' },
        { email: 'A@EXAMPLE.COM', name: 'A again' },
      ],
      now,
    );
    expect(checked.map((row) => row.ok)).toEqual([true, true, false]);
    expect(checked[2]).toMatchObject({ ok: false, row: 3, reason: 'the same address as row 1' });
  });
});

describe('file limits and header', () => {
  it('takes up to MAX_BULK_ROWS rows and refuses one more with 413.2', () => {
    expect(acceptBulkFileSize(new Array(MAX_BULK_ROWS).fill(0)).err).toBeUndefined();
    expect(acceptBulkFileSize(new Array(MAX_BULK_ROWS + 1).fill(0)).err?.kind).toBe('bulk-file-too-many-rows');
  });

  it('counts a file as it arrives and refuses its first row past MAX_BULK_ROWS (413.2, "more than")', () => {
    expect(countBulkRow(0).val).toBe(1);
    expect(countBulkRow(MAX_BULK_ROWS - 1).val).toBe(MAX_BULK_ROWS);
    expect(countBulkRow(MAX_BULK_ROWS).err).toMatchObject({
      kind: 'bulk-file-too-many-rows',
      message: expect.stringMatching(/^The file has more than 10000 rows/),
    });
  });

  it('matches header names without regard to case and ignores other columns', () => {
    expect(bulkColumnsOf([' Email', 'NAME', 'phone', 'extratimepercent']).val).toEqual(['email', 'name', undefined, 'extraTimePercent']);
  });

  it('refuses a header without email or name with 400.20', () => {
    const refused = bulkColumnsOf(['mail', 'name']);
    expect(refused.err?.kind).toBe('bulk-file-unreadable');
    expect(refused.err?.message).toMatch(/must name email/);
  });
});

describe('a JSON cell that is a list or an object', () => {
  // Found by the document-vs-server property test: String() throws on `{"toString": ""}`, which answered 500.
  const hostile = { email: 'ann@example.com', name: 'Ann', linkExpiresAt: [{ toString: '' }] };

  it('is refused in words, never thrown', () => {
    expect(checkBulkRow(hostile, 1, now)).toEqual({
      ok: false,
      row: 1,
      email: 'ann@example.com',
      reason: 'linkExpiresAt must be text or a number, not a list or an object',
    });
    expect(checkBulkRow({ ...hostile, linkExpiresAt: undefined, name: { valueOf: '' } }, 2, now)).toMatchObject({
      ok: false,
      reason: 'name must be text or a number, not a list or an object',
    });
  });

  it('still has a file identity', () => {
    expect(bulkFileIdentity([hostile])).toBe(JSON.stringify([['ann@example.com', 'Ann', '', '[{"toString":""}]']]));
  });
});
