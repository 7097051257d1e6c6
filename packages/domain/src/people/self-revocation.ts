import { ok, refuse, type Result } from '../result.js';

/** The key making a request: its id and its person's. */
export interface RequestingKey {
  readonly keyId: number;
  readonly personId: number | null;
}

/**
 * An org's admin key manages its own people (decision 836), so it could revoke itself, or deactivate its own person,
 * and leave the org with no key that can undo it. Refused (409.21): another admin key does it, or the operator.
 */
export const mayRevokeKey = (requester: RequestingKey, keyId: number): Result<number> =>
  keyId === requester.keyId ? refuse('key-revokes-itself', `Key ${keyId} is the key making this request: revoke it with another admin key.`) : ok(keyId);

/** Deactivating a person revokes every key of theirs: the requesting key's own person is refused like the key. */
export const mayDeactivatePerson = (requester: RequestingKey, personId: number): Result<number> =>
  personId === requester.personId
    ? refuse('key-revokes-itself', `Person ${personId} holds the key making this request: deactivate them with another admin key.`)
    : ok(personId);
