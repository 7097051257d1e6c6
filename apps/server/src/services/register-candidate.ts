import { normalizeEmail } from '@assay/domain';
import type { InvitationRow, Store } from '@assay/store';
import { newInvitationToken } from './random-keys.js';

export interface CandidateRegistration {
  orgId: number;
  testId: number;
  testLinkId: number | null;
  emailId: string;
  fullName: string;
  /** Undefined keeps the stored value: a candidate registering on a public link sets neither. */
  callbackURL: string | null | undefined;
  redirectURL: string | null | undefined;
}

/** One registration path for the org API (4.7, 4.8) and for candidates registering on a public link. */
export const registerCandidate = (store: Store, registration: CandidateRegistration, now: number): Promise<InvitationRow> =>
  store.invitations.register(
    {
      orgId: registration.orgId,
      testId: registration.testId,
      testLinkId: registration.testLinkId,
      emailKey: normalizeEmail(registration.emailId),
      email: registration.emailId.trim(),
      fullName: registration.fullName,
      callbackUrl: registration.callbackURL,
      redirectUrl: registration.redirectURL,
    },
    newInvitationToken,
    now,
  );
