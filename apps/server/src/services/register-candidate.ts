import { normalizeEmail } from '@assay/domain';
import type { RegistrationOutcome, Repositories, SelfRegistrationOutcome } from '@assay/store';
import { newInvitationToken } from '@assay/store';

export interface CandidateRegistration {
  orgId: number;
  testId: number;
  testLinkId: number | null;
  emailId: string;
  fullName: string;
  /** Left out (undefined) keeps what an earlier registration stored; null clears it. */
  callbackURL: string | null | undefined;
  redirectURL: string | null | undefined;
  /** The org API's accommodation (an extension): extra time as a percentage of the duration. */
  extraTimePercent?: number | undefined;
}

/** Who a registration names: addresses compare case-insensitively (the key), and are stored as typed, trimmed. */
const identityOf = (emailId: string) => ({ emailKey: normalizeEmail(emailId), email: emailId.trim() });

/** The org API (4.7, 4.8): registering again updates the candidate, as the spec says (`decideReRegistration`). */
export const registerCandidate = (store: Pick<Repositories, 'invitations'>, registration: CandidateRegistration, now: number): Promise<RegistrationOutcome> =>
  store.invitations.register(
    {
      orgId: registration.orgId,
      testId: registration.testId,
      testLinkId: registration.testLinkId,
      ...identityOf(registration.emailId),
      fullName: registration.fullName,
      callbackUrl: registration.callbackURL,
      redirectUrl: registration.redirectURL,
      extraTimePercent: registration.extraTimePercent,
    },
    newInvitationToken,
    now,
  );

/** A candidate on a public link: only a new address is invited; an existing one is left exactly as stored. */
export const registerSelf = (
  store: Pick<Repositories, 'invitations'>,
  registration: Omit<CandidateRegistration, 'callbackURL' | 'redirectURL' | 'extraTimePercent'>,
  now: number,
): Promise<SelfRegistrationOutcome> =>
  store.invitations.registerSelf(
    {
      orgId: registration.orgId,
      testId: registration.testId,
      testLinkId: registration.testLinkId,
      ...identityOf(registration.emailId),
      fullName: registration.fullName,
      callbackUrl: null,
      redirectUrl: null,
    },
    newInvitationToken,
    now,
  );
