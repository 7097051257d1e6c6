import type { ErasureAudit, ErasureOutcome, Store } from '@assay/store';
import { removeOutboxEmails } from './outbox-erasure.js';

/**
 * Erases one org's invitations (`store.erasure.eraseInvitations`) and then the files-mode outbox's emails that name
 * their people (decision 842): what a process without the HTTP API — the retention sweep — calls. Names, addresses and
 * tokens are read before the erasure, which removes them.
 */
export const eraseWithOutbox = async (
  store: Store,
  outboxDir: string,
  orgId: number,
  invitationIds: readonly number[],
  audit: ErasureAudit,
): Promise<ErasureOutcome & { outboxFiles: number }> => {
  const identities = await store.erasure.identities(orgId, invitationIds);
  const outcome = await store.erasure.eraseInvitations(orgId, invitationIds, audit);
  const needles = identities.flatMap((identity) => [identity.email, identity.fullName, identity.token]);
  const outboxFiles = needles.length === 0 ? 0 : await removeOutboxEmails(outboxDir, needles);
  return { ...outcome, outboxFiles };
};
