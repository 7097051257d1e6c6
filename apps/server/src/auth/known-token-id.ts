import { isPreviewToken } from '@assay/domain';
import type { Store } from '@assay/store';
import { previewTokenHash } from '../candidate/preview-token.js';

/**
 * What the candidate API's limits key a take-test token on: its invitation's id, or a preview's id negated so that it
 * is never an invitation's (decision 1493); undefined for a token that opens nothing. A preview token is looked up only
 * among previews, by its hash, and an invitation token only among invitations.
 */
export const knownTokenId = async (store: Store, token: string): Promise<number | undefined> => {
  if (!isPreviewToken(token)) return store.attempts.invitationIdOfToken(token);
  const previewId = await store.testPreviews.idOfTokenHash(previewTokenHash(token));
  return previewId === undefined ? undefined : -previewId;
};
