import { z } from 'zod';
import { Id } from '../ids.js';
import { ok, refuse, type Result } from '../result.js';
import { plainText } from '../schemas/text-fields.js';

const CandidateEmail = (field: string) =>
  z
    .email({ error: `${field} must be a valid email address` })
    .max(254, { error: `${field} must be at most 254 characters` })
    .check(plainText(field));

/**
 * `POST /v2/org/candidates/erase`: every invitation of the org for one address (`emailId`, as registering names it), or
 * one invitation (`testInvitationId`). Exactly one of them (decision 845).
 */
export const EraseCandidatesInput = z
  .object({
    emailId: CandidateEmail('emailId').optional(),
    testInvitationId: Id.optional(),
  })
  .refine((input) => (input.emailId === undefined) !== (input.testInvitationId === undefined), {
    error: 'Send either emailId (every invitation of that address) or testInvitationId (one invitation), not both.',
  })
  .meta({ description: 'Either `emailId` or `testInvitationId`.' });
export type EraseCandidatesInput = z.infer<typeof EraseCandidatesInput>;

/** What an erasure did: the invitations it erased now, and those an earlier erasure had (idempotent). */
export const ErasedCandidates = z.object({
  scope: z.enum(['email', 'invitation']),
  erased: z.int().nonnegative().meta({ description: 'Invitations erased by this request.' }),
  alreadyErased: z.int().nonnegative().meta({ description: 'Invitations asked for that were erased before (nothing to do).' }),
  bulkRows: z
    .int()
    .nonnegative()
    .meta({ description: 'Rows of bulk-invitation files that never became an invitation (refused, or not read yet) erased with the address (decision 1003).' }),
  testInvitationIds: z.array(Id).meta({ description: 'The invitations this request covered; their scores stay, as "Erased candidate".' }),
});
export type ErasedCandidates = z.infer<typeof ErasedCandidates>;

/** iMocha v3's `POST /v3/gdpr/requests` body, its field names as documented (decision 846). */
export const GdprRequestInput = z.object({
  CandidateEmail: CandidateEmail('CandidateEmail'),
  testinvitationId: Id.optional(),
});
export type GdprRequestInput = z.infer<typeof GdprRequestInput>;

/** iMocha's documented success answer. */
export const GdprRequestAnswer = z.object({ result: z.string() });
export type GdprRequestAnswer = z.infer<typeof GdprRequestAnswer>;
export const GDPR_REQUEST_ACCEPTED = 'Request accepted for processing';

/** iMocha's documented words for an address it holds nothing of; the address follows, as it documents. */
export const noRecordsForEmail = (email: string): string => `No records found for given Email address: ${email}`;

/** Which invitations an erasure covers, as the request and what the org holds decide. */
export interface ErasurePlan {
  readonly scope: 'email' | 'invitation';
  readonly invitationIds: readonly number[];
  /** By address: whose bulk rows without an invitation go too (decision 1003). */
  readonly bulkRowsOf?: string;
}

/**
 * By address: the org's invitations for it and its bulk rows that never became one, or 404.51 when it holds neither
 * (never held, or erased already: an erased address is no longer known, so a repeat says so instead of pretending). By
 * invitation: 404.4 for one the org does not have (another org's answers the same); an erased one is erased again as a
 * no-op. With both (v3), the invitation must be one of the address's, and only it goes.
 */
export const planErasure = (
  request: { readonly email?: string | undefined; readonly invitationId?: number | undefined },
  held: { readonly emailInvitationIds: readonly number[]; readonly invitationHeld: boolean; readonly bulkRows: number },
): Result<ErasurePlan> => {
  if (request.email !== undefined) {
    if (request.invitationId === undefined) {
      if (held.emailInvitationIds.length === 0 && held.bulkRows === 0) return refuse('no-records-for-email', noRecordsForEmail(request.email));
      return ok({ scope: 'email', invitationIds: held.emailInvitationIds, bulkRowsOf: request.email });
    }
    if (!held.emailInvitationIds.includes(request.invitationId)) return refuse('no-records-for-email', noRecordsForEmail(request.email));
    return ok({ scope: 'invitation', invitationIds: [request.invitationId] });
  }
  if (request.invitationId === undefined || !held.invitationHeld) return refuse('invitation-not-found', `No test invitation ${request.invitationId}.`);
  return ok({ scope: 'invitation', invitationIds: [request.invitationId] });
};
