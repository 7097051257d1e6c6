import { normalizeEmail, type HistoryActor } from '@assay/domain';
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
  /** The opt-in "submitted" event's URL (an Assay extension), kept or cleared like callbackURL. */
  submittedCallbackURL?: string | null | undefined;
  /** The org API's accommodation (an extension): extra time as a percentage of the duration. */
  extraTimePercent?: number | undefined;
}

/** Who a registration names: addresses compare case-insensitively (the key), and are stored as typed, trimmed. */
const identityOf = (emailId: string) => ({ emailKey: normalizeEmail(emailId), email: emailId.trim() });

/**
 * The invitation's history begins with its creation, by `by`, right after the registration (in its transaction when the
 * request holds an Idempotency-Key); an invitation without the entry gets a reconstructed one when read
 * (`invitationHistoryOf`), so a crash between the two never leaves a history without its start.
 */
const withCreatedEntry = async <Outcome extends { created: boolean; invitation?: { id: number } | undefined }>(
  store: Pick<Repositories, 'history'>,
  outcome: Outcome,
  via: 'api' | 'test-link' | 'self-registration' | 'greenhouse',
  by: HistoryActor,
  now: number,
): Promise<Outcome> => {
  if (outcome.created && outcome.invitation)
    await store.history.record(outcome.invitation.id, { kind: 'created', details: { via, previousInvitationId: null } }, by, now);
  return outcome;
};

/**
 * The org API (4.7, 4.8): registering again updates the candidate, as the spec says (`decideReRegistration`). Greenhouse's
 * send_test registers the same way, its history entry saying so (`via: 'greenhouse'`).
 */
export const registerCandidate = async (
  store: Pick<Repositories, 'invitations' | 'history'>,
  registration: CandidateRegistration,
  now: number,
  by: HistoryActor,
  via: 'greenhouse' | undefined = undefined,
): Promise<RegistrationOutcome> => {
  const outcome = await store.invitations.register(
    {
      orgId: registration.orgId,
      testId: registration.testId,
      testLinkId: registration.testLinkId,
      ...identityOf(registration.emailId),
      fullName: registration.fullName,
      callbackUrl: registration.callbackURL,
      redirectUrl: registration.redirectURL,
      submittedCallbackUrl: registration.submittedCallbackURL,
      extraTimePercent: registration.extraTimePercent,
    },
    newInvitationToken,
    now,
  );
  return withCreatedEntry(store, outcome, via ?? (registration.testLinkId === null ? 'api' : 'test-link'), by, now);
};

/** A candidate on a public link: only a new address is invited; an existing one is left exactly as stored. */
export const registerSelf = async (
  store: Pick<Repositories, 'invitations' | 'history'>,
  registration: Omit<CandidateRegistration, 'callbackURL' | 'redirectURL' | 'submittedCallbackURL' | 'extraTimePercent'>,
  now: number,
): Promise<SelfRegistrationOutcome> => {
  const outcome = await store.invitations.registerSelf(
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
  return withCreatedEntry(store, outcome, 'self-registration', 'candidate', now);
};
