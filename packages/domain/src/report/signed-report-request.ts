import { ok, refuse, type Result } from '../result.js';
import { decideReportLink, type ReportLinkClaims, type ReportLinkFacts } from './report-link.js';

/** The invitation a signed report link names, with the completion its signature is bound to. */
export interface SignedReportFacts extends ReportLinkFacts {
  readonly completedAt: number | null;
}

const INVALID_REPORT_LINK_MESSAGE = 'This report link is not valid, or the attempt it shows was reset.';

/**
 * The keyless report route's whole decision: the invitation whose PDF to send, or `403.14`. An unknown invitation,
 * one never completed, and a signature that does not hold answer alike (nothing to enumerate); a link that holds
 * then stands or falls by `decideReportLink`. `signedFor` checks the signature against a completion instant: the
 * shell's keyed hash, passed in so that this stays pure.
 */
export const decideSignedReportRequest = <Invitation extends SignedReportFacts>(
  invitation: Invitation | undefined,
  claims: ReportLinkClaims,
  signedFor: (completedAt: number) => boolean,
  now: number,
): Result<Invitation> => {
  if (!invitation || invitation.completedAt === null || !signedFor(invitation.completedAt)) return refuse('report-link-invalid', INVALID_REPORT_LINK_MESSAGE);
  const decision = decideReportLink(invitation, claims, now);
  return decision.err ? { err: decision.err } : ok(invitation);
};
