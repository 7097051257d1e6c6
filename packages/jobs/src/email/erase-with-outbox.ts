import type { ErasureAudit, ErasureOutcome, Store } from '@assay/store';
import { removeErasedEmails } from './outbox-erasure.js';

/**
 * Erases one org's invitations (`store.erasure.eraseInvitations`), the org's kept answers of keyed requests that name
 * them (decision 1004), and then their emails in the files-mode outbox (decisions 1000, 1001): what a process without
 * the HTTP API — the retention sweep — calls. Addresses and tokens are read before the erasure, which replaces them.
 * Without `outboxDir` (no files-mode outbox) no file is looked at.
 */
export const eraseWithOutbox = async (
  store: Store,
  outboxDir: string | undefined,
  orgId: number,
  invitationIds: readonly number[],
  audit: ErasureAudit,
): Promise<ErasureOutcome & { outboxFiles: number }> => {
  const identities = await store.erasure.identities(orgId, invitationIds);
  const outcome = await store.erasure.eraseInvitations(orgId, invitationIds, audit);
  if (outcome.invitations > 0) {
    await store.erasure.forgetKeptAnswers(`org:${orgId}`, {
      invitationIds: identities.map((identity) => identity.invitationId),
      emails: identities.map((identity) => identity.email),
    });
  }
  const outboxFiles = outboxDir === undefined ? 0 : await removeErasedEmails(store, outboxDir, orgId, invitationIds, identities);
  return { ...outcome, outboxFiles };
};
