import { match } from 'ts-pattern';
import type { InvitationStatus } from './invitation-status.js';

/**
 * What a registration does to one URL stored on the candidate (spec 4.7: "updated with the new callbackURL and
 * redirectURL"). A field left out sends nothing new, so the stored value stays — an ATS's callback survives a
 * recruiter re-inviting from the CLI, which has no such field. `null` (and `""`, which the schema reads as `null`)
 * is a new value: none.
 */
export type StoredUrlChange = { readonly kind: 'keep' } | { readonly kind: 'set'; readonly value: string | null };

/** The fields of a registration the rule looks at; `undefined` is a field left out of the body. */
export interface ReRegistrationRequest {
  readonly callbackUrl: string | null | undefined;
  readonly redirectUrl: string | null | undefined;
  /** The opt-in "submitted" event's URL (an Assay extension); left out like the others. */
  readonly submittedCallbackUrl?: string | null | undefined;
  readonly extraTimePercent?: number | undefined;
}

/** The candidate's latest invitation as the rule sees it. */
export interface LatestInvitationFacts {
  readonly status: InvitationStatus;
  readonly extraTimePercent: number;
}

/** What becomes of the candidate's invitation. */
export type InvitationOnRegistration =
  /** None yet, or the latest was cancelled (decision 22): a new Pending invitation after it. */
  | { readonly kind: 'invite' }
  /** The live invitation is the answer, as it is: same id, same URL, whatever its state. */
  | { readonly kind: 'answer' }
  /** The live invitation, not started yet, takes the accommodation sent. */
  | { readonly kind: 'setExtraTime'; readonly extraTimePercent: number };

/**
 * A registration of a candidate the test already has. `fullName` and the address's spelling are required fields,
 * so they are always new and always written; the URLs follow `StoredUrlChange`.
 */
export interface ReRegistration {
  readonly callbackUrl: StoredUrlChange;
  readonly redirectUrl: StoredUrlChange;
  readonly submittedCallbackUrl: StoredUrlChange;
  readonly invitation: InvitationOnRegistration;
}

const KEEP: StoredUrlChange = { kind: 'keep' };
const ANSWER: InvitationOnRegistration = { kind: 'answer' };

const storedUrlChange = (sent: string | null | undefined): StoredUrlChange => (sent === undefined ? KEEP : { kind: 'set', value: sent });

/**
 * Extra time changes only an attempt that has not started: a running or finished one keeps the deadline it started
 * with (its answer's `testStatus` tells the caller so).
 */
const extraTimeOn = (latest: LatestInvitationFacts, extraTimePercent: number | undefined): InvitationOnRegistration =>
  extraTimePercent === undefined || extraTimePercent === latest.extraTimePercent ? ANSWER : { kind: 'setExtraTime', extraTimePercent };

const invitationOn = (latest: LatestInvitationFacts | undefined, extraTimePercent: number | undefined): InvitationOnRegistration =>
  latest === undefined
    ? { kind: 'invite' }
    : match<InvitationStatus, InvitationOnRegistration>(latest.status)
        .with('Pending', 'Reset', () => extraTimeOn(latest, extraTimePercent))
        .with('In progress', 'Completed', () => ANSWER)
        .with('Cancelled', () => ({ kind: 'invite' }))
        .exhaustive();

/** Spec 4.7's rule for a candidate registered again, given their latest invitation (decision 21, revised in issue 27). */
export const decideReRegistration = (request: ReRegistrationRequest, latest: LatestInvitationFacts | undefined): ReRegistration => ({
  callbackUrl: storedUrlChange(request.callbackUrl),
  redirectUrl: storedUrlChange(request.redirectUrl),
  submittedCallbackUrl: storedUrlChange(request.submittedCallbackUrl),
  invitation: invitationOn(latest, request.extraTimePercent),
});
