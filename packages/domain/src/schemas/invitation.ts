import { z } from 'zod';
import { Id, IdParam } from '../ids.js';

export const CancelledInvitation = z.object({ testInvitationId: Id, status: z.literal('cancelled') }).meta({ id: 'CancelledInvitation' });
export type CancelledInvitation = z.infer<typeof CancelledInvitation>;

export const Reattempt = z
  .object({
    testInvitationId: Id,
    takeTestURL: z.string(),
    emailQueued: z.boolean().optional().meta({
      description:
        'Assay extension: sent when the reattempt was emailed to the candidate (true) or sendEmail was asked and nothing was queued (false); left out when no email was in question (decision 781).',
    }),
  })
  .meta({ id: 'Reattempt' });
export type Reattempt = z.infer<typeof Reattempt>;

/** Reattempt's query (Assay extension): sendEmail=true emails the new link, false never does; left out, as the first invitation was (decision 781). */
export const ReattemptQuery = z.object({
  sendEmail: z
    .enum(['true', 'false'], { error: 'sendEmail must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .meta({
      description:
        'Assay extension: true emails the candidate the new attempt, false never does; left out, the reattempt is emailed when the first invitation was (sendEmail, a bulk upload, Greenhouse).',
    }),
});
export type ReattemptQuery = z.infer<typeof ReattemptQuery>;

/** Cancel lists testId as required without saying where: Assay takes it, optionally, in the query. */
export const CancelQuery = z.object({
  testId: IdParam.optional(),
  notify: z
    .enum(['true', 'false'], { error: 'notify must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({
      description:
        'Assay extension: true emails the candidate the org’s cancellation template (GET /v2/org/decision-emails) after the undo window, sent only if the invitation is still cancelled then.',
    }),
});
export type CancelQuery = z.infer<typeof CancelQuery>;

export const ResetInvitation = z.object({ testInvitationId: Id, testStatus: z.literal('Reset') }).meta({ id: 'ResetInvitation' });
export type ResetInvitation = z.infer<typeof ResetInvitation>;

/** The answer of revoking an invitation's signed report links (Assay extension). */
export const RevokedReportLinks = z.object({ testInvitationId: Id, reportLinks: z.literal('revoked') }).meta({ id: 'RevokedReportLinks' });
export type RevokedReportLinks = z.infer<typeof RevokedReportLinks>;

/** Resend's answer (Assay extension, decision 813): the link the candidate was emailed again. */
export const ResentInvitation = z
  .object({
    testInvitationId: Id,
    takeTestURL: z.string(),
    emailQueued: z.literal(true).meta({ description: 'The email is in the outbox; the worker delivers it (`assay deliveries ID` shows how it went).' }),
  })
  .meta({ id: 'ResentInvitation' });
export type ResentInvitation = z.infer<typeof ResentInvitation>;
