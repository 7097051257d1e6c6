import { z } from 'zod';
import { Id, IdParam } from '../ids.js';

export const CancelledInvitation = z.object({ testInvitationId: Id, status: z.literal('cancelled') }).meta({ id: 'CancelledInvitation' });
export type CancelledInvitation = z.infer<typeof CancelledInvitation>;

export const Reattempt = z.object({ testInvitationId: Id, takeTestURL: z.string() }).meta({ id: 'Reattempt' });
export type Reattempt = z.infer<typeof Reattempt>;

/** Cancel lists testId as required without saying where: Assay takes it, optionally, in the query. */
export const CancelQuery = z.object({
  testId: IdParam.optional(),
});
export type CancelQuery = z.infer<typeof CancelQuery>;

export const ResetInvitation = z.object({ testInvitationId: Id, testStatus: z.literal('Reset') }).meta({ id: 'ResetInvitation' });
export type ResetInvitation = z.infer<typeof ResetInvitation>;

/** The answer of revoking an invitation's signed report links (Assay extension). */
export const RevokedReportLinks = z.object({ testInvitationId: Id, reportLinks: z.literal('revoked') }).meta({ id: 'RevokedReportLinks' });
export type RevokedReportLinks = z.infer<typeof RevokedReportLinks>;
