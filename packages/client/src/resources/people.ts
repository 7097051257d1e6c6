import { IssuedKey, OrgPeople, Person, RevokedKey, type OrgKeyInput, type PersonInput } from '@assay/domain/schemas';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/** A key for a person: optional `role` (the person's by default, or narrower) and `label` (the key's prefix by default). */
export type OrgKeyBody = z.input<typeof OrgKeyInput>;

const orgAdmin = { credential: 'apiKey', acceptsIdempotencyKey: true } as const;

/**
 * The organization's own people and keys, for an admin API key (issue 50, decision 836); any other role gets
 * PermissionDeniedError (403.17). The operator's token reaches every organization through `client.admin` instead.
 */
export class People {
  constructor(private readonly transport: Transport) {}

  /** Every person with their keys (prefix, role, label, dates; never a secret). */
  list(options?: CallOptions): Promise<OrgPeople> {
    return this.transport.json({ method: 'GET', path: '/v2/org/people', credential: 'apiKey' }, OrgPeople, options);
  }

  add(person: z.input<typeof PersonInput>, options?: CallOptions): Promise<Person> {
    return this.transport.json({ method: 'POST', path: '/v2/org/people', body: person, ...orgAdmin }, Person, options);
  }

  /** A new key for the person; its `apiKey` is in this answer only. */
  issueKey(personId: number, key: OrgKeyBody = {}, options?: CallOptions): Promise<IssuedKey> {
    return this.transport.json({ method: 'POST', path: `/v2/org/people/${segment(personId)}/keys`, body: key, ...orgAdmin }, IssuedKey, options);
  }

  /** Refused with a ConflictError (409.21) for the key making the request. */
  revokeKey(keyId: number, options?: CallOptions): Promise<RevokedKey> {
    return this.transport.json({ method: 'POST', path: `/v2/org/keys/${segment(keyId)}/revoke`, ...orgAdmin }, RevokedKey, options);
  }

  /** Every key of theirs is revoked; the person stays, so history still names them. 409.21 for the requesting key's own person. */
  deactivate(personId: number, options?: CallOptions): Promise<Person> {
    return this.transport.json({ method: 'POST', path: `/v2/org/people/${segment(personId)}/deactivate`, ...orgAdmin }, Person, options);
  }
}
