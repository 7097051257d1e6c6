import { z } from 'zod';
import { Id } from '../ids.js';
import { BulkJobState, BulkRowOutcome } from './bulk-job-progress.js';

const cell = (description: string) => z.unknown().optional().meta({ description });

/** One row of a JSON bulk file: the same columns as a CSV's header (docs/bulk-invitations.md). Checked per row, not here. */
export const BulkInvitationRowInput = z
  .object({
    email: cell("Required: the candidate's address (the rules of 4.7's emailId)."),
    name: cell("Required: the candidate's full name (the rules of 4.7's fullName)."),
    extraTimePercent: cell("Optional: extra time as a whole percentage 0–100 of the duration (4.7's extraTimePercent)."),
    linkExpiresAt: cell('Optional: ISO 8601 date-time with offset after which the link should no longer be used (recorded with the row).'),
  })
  .meta({ id: 'BulkInvitationRow' });

export const BulkInvitationBody = z.array(BulkInvitationRowInput).meta({
  id: 'BulkInvitationBody',
  description:
    'A JSON list of rows, or the same rows as CSV (Content-Type: text/csv, a header naming email, name and optionally extraTimePercent, linkExpiresAt). Up to 10,000 rows (413.2 above).',
});

export const BulkRowStatus = z.enum([...BulkRowOutcome.options, 'pending']);

export const BulkInvitationRowResult = z
  .object({
    row: z.int().positive().meta({ description: "The row's number in the file: the first row after the header is 1." }),
    email: z.string(),
    outcome: BulkRowStatus,
    reason: z.string().optional().meta({ description: 'Why a row was refused.' }),
    testInvitationId: Id.optional().meta({ description: 'The invitation the row was registered as (invited or alreadyInvited).' }),
  })
  .meta({ id: 'BulkInvitationRowResult' });
export type BulkInvitationRowResult = z.infer<typeof BulkInvitationRowResult>;

export const BulkInvitationJob = z
  .object({
    jobId: Id,
    testId: Id,
    state: BulkJobState,
    total: z.int().nonnegative(),
    invited: z.int().nonnegative(),
    alreadyInvited: z.int().nonnegative(),
    refused: z.int().nonnegative(),
    pending: z.int().nonnegative(),
    percent: z.int().min(0).max(100),
    resubmitted: z.boolean().meta({ description: 'True when the same file was sent before for this test: its job is answered, nobody is invited again.' }),
    createdAt: z.string().meta({ description: 'ISO 8601, UTC.' }),
    finishedAt: z.string().nullable(),
    rows: z.array(BulkInvitationRowResult).optional().meta({ description: "Each row's result in file order, as the rows query asks (all by default)." }),
  })
  .meta({ id: 'BulkInvitationJob' });
export type BulkInvitationJob = z.infer<typeof BulkInvitationJob>;

export const BulkJobQuery = z.object({
  rows: z.enum(['all', 'refused', 'none']).default('all').meta({ description: 'Which rows to answer: all, only refused ones, or none (progress only).' }),
});
