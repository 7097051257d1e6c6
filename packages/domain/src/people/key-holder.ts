import { type KeyRole, FULL_KEY_ROLE } from '../keys/key-roles.js';
import { ok, refuse, type Result } from '../result.js';
import type { Person } from './person.js';

/** Who a new key is for and the role it acts with; `personId` undefined: a new unnamed person of its own. */
export interface KeyHolder {
  readonly personId: number | undefined;
  readonly role: KeyRole;
}

/**
 * The rule of issuing a key (issue 50, decision 772). For a person: the org's (`person` undefined answers 404.20, as for
 * another org's), still active (409.20: a deactivated person's keys stay revoked), acting with the person's role unless
 * the key is asked for another. For nobody: a full key unless a role is asked, as before people existed.
 */
export const keyHolderFor = (personId: number | undefined, person: Person | undefined, role: KeyRole | undefined): Result<KeyHolder> => {
  if (personId === undefined) return ok({ personId: undefined, role: role ?? FULL_KEY_ROLE });
  if (person === undefined) return refuse('person-not-found', `No person ${personId} in this organization.`);
  if (person.deactivatedAt !== null)
    return refuse('person-deactivated', `Person ${personId} was deactivated at ${person.deactivatedAt}: add a person to issue them a key.`);
  return ok({ personId, role: role ?? person.role });
};
