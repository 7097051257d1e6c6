import { moveInvitation, type InvitationEvent, type InvitationFacts, type InvitationMove } from '../invitation-status.js';
import type { Result } from '../result.js';
import { admissionRefusal, admissionVerdict, type AdmissionFacts } from './admission.js';

export type StartEvent = Extract<InvitationEvent, { type: 'start' }>;

/** What admits a start besides the invitation's own state: the test's status and the link's window. */
export type StartAdmission = Omit<AdmissionFacts, 'invitationStatus'>;

/**
 * The candidate's start, decided on the invitation as it stands when the move lands: the test and its link admit it
 * now (decision 32), then the machine moves it. A finished or cancelled invitation is refused alike by both (the
 * same refusals, attempt-refusals.ts), so the candidate hears one answer whichever speaks.
 */
export const startByCandidate = (invitation: InvitationFacts, admission: StartAdmission, start: StartEvent): Result<InvitationMove> => {
  const verdict = admissionVerdict({ ...admission, invitationStatus: invitation.status }, start.at);
  return verdict === 'open' ? moveInvitation(invitation, start) : admissionRefusal(verdict);
};
