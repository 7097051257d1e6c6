import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';

/**
 * What a send_test does for an application and test (decision 454). The interview is the same however often Greenhouse
 * sends it: its invitation is kept, and only a cancelled one is followed by a new invitation (a registration, as 4.7
 * after a cancel), so "Send Test" after a cancel in Assay invites the candidate again under the same interview.
 */
export type GreenhouseSendAction = 'register' | 'keep';

export const decideGreenhouseSend = (interview: { readonly status: InvitationStatus } | undefined): GreenhouseSendAction =>
  interview === undefined
    ? 'register'
    : match<InvitationStatus, GreenhouseSendAction>(interview.status)
        .with('Cancelled', () => 'register')
        .with('Pending', 'Reset', 'In progress', 'Completed', () => 'keep')
        .exhaustive();

/**
 * Whether the candidate is emailed their link after a send_test: while the test can still be taken. A finished
 * attempt is not announced again (Greenhouse's test_status tells the recruiter), and a repeat within the link-email
 * interval is dropped by the outbox (`LINK_EMAIL_INTERVAL_MS`).
 */
export const greenhouseEmailsLink = (status: InvitationStatus): boolean =>
  match<InvitationStatus, boolean>(status)
    .with('Pending', 'Reset', 'In progress', () => true)
    .with('Completed', 'Cancelled', () => false)
    .exhaustive();
