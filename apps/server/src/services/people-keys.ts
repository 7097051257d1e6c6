import { type IssueKeyInput, type IssuedKey, type OrgPerson, type RevokedKey, keyHolderFor } from '@assay/domain';
import type { Repositories } from '@assay/store';
import { generateApiKey } from '../auth/api-key.js';
import { found, unwrap } from '../refusal-error.js';

/**
 * People and keys, one service for both fronts that manage them: the operator's `/admin/orgs/{orgId}/…` routes and an
 * org admin key's `/v2/org/people…` routes (decision 836).
 */

/**
 * Issue a key: without a role a full key (or its person's role); without a label labelled with its prefix (decision in
 * 33-reviewkeys); without a person an unnamed one of its own (decision 772). The secret is in this answer only.
 */
export const issueKey = async (repositories: Repositories, orgId: number, input: IssueKeyInput, now: number): Promise<IssuedKey> => {
  const person = input.personId === undefined ? undefined : await repositories.people.find(orgId, input.personId);
  const holder = unwrap(keyHolderFor(input.personId, person, input.role));
  const key = generateApiKey();
  const access = { role: holder.role, label: input.label ?? key.prefix };
  const { keyId, personId } = await repositories.apiKeys.issue(orgId, key.keyHash, key.prefix, now, { ...access, personId: holder.personId });
  return { orgId, keyId, apiKey: key.apiKey, ...access, personId };
};

/** The org's people, each with their keys (revoked ones too), in the people list's order. */
export const peopleWithKeys = async (repositories: Pick<Repositories, 'people' | 'apiKeys'>, orgId: number): Promise<OrgPerson[]> => {
  const [people, keys] = await Promise.all([repositories.people.list(orgId), repositories.apiKeys.list(orgId)]);
  return people.map((person) => ({ ...person, keys: keys.filter((key) => key.personId === person.personId) }));
};

/** Revoke one key of the org: 404.6 for an unknown key or another org's; `keyHash` for the key cache to forget. */
export const revokeKey = async (repositories: Repositories, orgId: number, keyId: number, now: number): Promise<{ revoked: RevokedKey; keyHash: string }> => {
  const revoked = found(await repositories.apiKeys.revoke(orgId, keyId, now), 'api-key-not-found', `No API key ${keyId} in organization ${orgId}.`);
  return { revoked: { orgId, keyId, revokedAt: new Date(revoked.revokedAt).toISOString() }, keyHash: revoked.keyHash };
};
