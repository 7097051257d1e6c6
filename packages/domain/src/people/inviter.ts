import type { HistoryEvent } from '../history/history-events.js';
import type { LinkEmailReason } from '../records/job.js';

/** The person a candidate email names as the one who invited them (decision 825), and the address it may offer. */
export interface Inviter {
  readonly name: string;
  /** Offered as "whom to ask" only when the org set no candidate-page contact (decision 826). */
  readonly email: string | null;
}

type CreatedVia = Extract<HistoryEvent, { kind: 'created' }>['details']['via'];

/** What made an invitation, as its history's `created` entry says, and the person of the key that did, as they are now. */
export interface InvitationMaker {
  readonly via: CreatedVia;
  /** Null when no key made it (the candidate on a public link, a reconstructed entry) or the key has no person row. */
  readonly person: { readonly name: string | null; readonly email: string | null; readonly deactivated: boolean } | null;
}

/**
 * Ways a person of the org invites a candidate by name: a registration by a key (directly or through a link), a row
 * of the file they uploaded, a reattempt they gave. Greenhouse's send_test is the integration's, not a person's, and a
 * public link's candidate invited themselves: those emails stay the org's alone.
 */
const BY_A_PERSON: ReadonlySet<CreatedVia> = new Set<CreatedVia>(['api', 'test-link', 'bulk', 'reattempt']);

/**
 * Who the candidate emails of an invitation name as its inviter (decision 825): the person of the key that made it, by
 * their name as it is when the email is sent; nobody for an unnamed person (a key issued before people existed), a
 * deactivated one (no longer on the team to answer), or an invitation no person made.
 */
export const inviterOf = (maker: InvitationMaker | undefined): Inviter | null => {
  const person = maker?.person;
  if (!maker || !person || !BY_A_PERSON.has(maker.via) || person.deactivated) return null;
  const name = person.name?.trim();
  return name ? { name, email: person.email?.trim() || null } : null;
};

/**
 * Whether a link email of this reason names its inviter: the org's own invitations (one, a file's row, a reattempt, a
 * Resend) do; a public link's re-registration (whoever typed the address is answered, not invited) and Greenhouse's
 * send_test keep the org-only wording of decision 782.
 */
export const linkEmailNamesInviter = (reason: LinkEmailReason): boolean => reason === 'invitation' || reason === 'bulk' || reason === 'reattempt';
