import { sessionPhase } from './candidate/session-phase.js';
import type { InvitationStatus } from './invitation-status.js';

/**
 * Whether an invitation in this state is worth an invitation email: only one the candidate can still open (landing or
 * under way). A finished or cancelled one would only tell them there is nothing to do, so a request to email it
 * (`sendEmail`, Resend) queues nothing and says so (`emailQueued: false`).
 */
export const invitationEmailWanted = (status: InvitationStatus): boolean => {
  const phase = sessionPhase(status);
  return phase === 'landing' || phase === 'attempt';
};

/**
 * Whether a reattempt emails the candidate (decision 781): as asked when the request says (`sendEmail`), else as the
 * first invitation was: a candidate Assay emailed once hears of the new attempt the same way; one whose link the
 * integrator delivered itself gets nothing from Assay, as before.
 */
export const reattemptEmailWanted = (facts: { requested: boolean | undefined; firstWasEmailed: boolean }): boolean => facts.requested ?? facts.firstWasEmailed;

/**
 * Whether a registration emails the candidate (decision 815): as the request says (`sendEmail`), else as the org's
 * default. Undefined when neither asks, so the answer carries no `emailQueued`, byte for byte as before (decision 780).
 */
export const registrationEmailRequested = (requested: boolean | undefined, orgDefault: boolean): boolean | undefined =>
  requested ?? (orgDefault ? true : undefined);
