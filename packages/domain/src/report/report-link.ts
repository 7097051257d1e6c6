import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';

/**
 * What a signed report link (`ReportPDFUrl`) claims, once its signature has been checked: values the service itself
 * signed, so they are trusted as such.
 */
export interface ReportLinkClaims {
  /** Unix seconds: the link works until this instant (30 days after it was issued). */
  readonly expires: number;
  /** The invitation's report-link generation the link was issued under (0 for links that carry none). */
  readonly generation: number;
}

/** The invitation a link names, as the decision sees it. */
export interface ReportLinkFacts {
  readonly status: InvitationStatus;
  readonly reportLinkGeneration: number;
}

export type ReportLinkStanding = 'valid' | 'expired' | 'revoked';

/**
 * A link is the record of the attempt it was issued for: it opens that attempt's report until it expires, whatever
 * happens later (a reattempt is another invitation with its own links). Only an explicit act of the org ends it
 * sooner: revoking the invitation's report links, or resetting the attempt, which erases what the link showed (its
 * signature names the completion, so a later completion of the same invitation is never shown either).
 */
export const reportLinkStanding = (invitation: ReportLinkFacts, claims: ReportLinkClaims, now: number): ReportLinkStanding => {
  if (invitation.status !== 'Completed' || claims.generation !== invitation.reportLinkGeneration) return 'revoked';
  return now >= claims.expires * 1000 ? 'expired' : 'valid';
};

const REFUSALS: Record<Exclude<ReportLinkStanding, 'valid'>, string> = {
  expired: 'This report link has expired (links work for 30 days): ask the organization for the report.',
  revoked: 'This report link was revoked by the organization, or the attempt it shows was reset.',
};

/** The keyless report route's decision: the PDF, or `403.14` saying why not. */
export const decideReportLink = (invitation: ReportLinkFacts, claims: ReportLinkClaims, now: number): Result<ReportLinkStanding> => {
  const standing = reportLinkStanding(invitation, claims, now);
  return standing === 'valid' ? ok(standing) : refuse('report-link-invalid', REFUSALS[standing]);
};
