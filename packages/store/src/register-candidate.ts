import { normalizeEmail, type HistoryActor, type HistoryEvent, type InvitationInterface } from '@assay/domain';
import type { CreatedEntry, RegistrationOutcome, SelfRegistrationOutcome } from './repositories/invitations.js';
import { newInvitationToken } from './repositories/random-keys.js';
import type { Repositories } from './store.js';

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
  /** The front inviting (migration 044): v3's invite says `v3`; left out, `v2`. */
  interface?: InvitationInterface | undefined;
}

/** Who a registration names: addresses compare case-insensitively (the key), and are stored as typed, trimmed. */
/** How an invitation came to be, as its created entry says. */
type CreatedVia = Extract<HistoryEvent, { kind: 'created' }>['details']['via'];

const identityOf = (emailId: string) => ({ emailKey: normalizeEmail(emailId), email: emailId.trim() });

/**
 * The invitation's history begins with its creation, by `by`: written by the store in the registration's own transaction
 * (decision 471). An invitation without the entry (created before the history existed) gets a reconstructed one when
 * read (`invitationHistoryOf`).
 */
const createdEntry = (via: CreatedVia, by: HistoryActor): CreatedEntry => ({
  event: { kind: 'created', details: { via, previousInvitationId: null } },
  by,
});

/**
 * The org API (4.7, 4.8) and each row of a bulk file: registering again updates the candidate, as the spec says
 * (`decideReRegistration`). Greenhouse's send_test registers the same way, its history entry saying so
 * (`via: 'greenhouse'`), a bulk file's row too (`via: 'bulk'`, decision 490).
 */
export const registerCandidate = (
  store: Pick<Repositories, 'invitations'>,
  registration: CandidateRegistration,
  now: number,
  by: HistoryActor,
  via: 'greenhouse' | 'bulk' | undefined = undefined,
): Promise<RegistrationOutcome> =>
  store.invitations.register(
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
      interface: registration.interface,
    },
    newInvitationToken,
    now,
    createdEntry(via ?? (registration.testLinkId === null ? 'api' : 'test-link'), by),
  );

/** A candidate on a public link: only a new address is invited; an existing one is left exactly as stored. */
export const registerSelf = (
  store: Pick<Repositories, 'invitations'>,
  registration: Omit<CandidateRegistration, 'callbackURL' | 'redirectURL' | 'submittedCallbackURL' | 'extraTimePercent'>,
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
    createdEntry('self-registration', 'candidate'),
  );
