import { replyToOf } from '@assay/domain';
import type { Store } from '@assay/store';

/**
 * Where a candidate's reply to any of the org's emails goes (issue 61 item 7, decision 1453): the Reply-To its decision
 * emails name, else the contact address its candidate pages give, else none (a reply then reaches the From address).
 */
export const orgReplyTo = async (store: Store, org: { readonly id: number; readonly contactEmail: string | null }): Promise<string | null> =>
  replyToOf(await store.orgs.decisionEmails(org.id), org.contactEmail);
