import {
  ApiKeyList,
  CreatedOrg,
  IssuedKey,
  Person,
  PersonList,
  RevokedKey,
  type CreateOrgInput,
  type IssueKeyInput,
  type PersonInput,
  type PersonUpdate,
} from '@assay/domain/schemas';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

export type CreateOrgBody = z.input<typeof CreateOrgInput>;
/**
 * `role` ("admin", the default or the person's; "recruiter"; "reviewer": reads and grades only; "blind-reviewer";
 * "hiring-manager": reads, grades, annotates and decides),
 * `label` (the key's prefix by default) and `personId` (the person it is for; a new unnamed one without).
 */
export type IssueKeyBody = z.input<typeof IssueKeyInput>;
/** A person: `name`, optional `email` and `role` ("admin" by default). */
export type AddPersonBody = z.input<typeof PersonInput>;
/** Any of `name`, `email` (null clears it) and `role` (applied to each of their active keys). */
export type UpdatePersonBody = z.input<typeof PersonUpdate>;

const admin = { credential: 'adminToken', acceptsIdempotencyKey: true } as const;

/** Organizations (the API key is shown only in this answer). */
export class AdminOrgs {
  constructor(private readonly transport: Transport) {}

  /** Creates an organization and its first API key. */
  create(org: CreateOrgBody, options?: CallOptions): Promise<CreatedOrg> {
    return this.transport.json({ method: 'POST', path: '/admin/orgs', body: org, ...admin }, CreatedOrg, options);
  }
}

/** API keys of an organization. */
export class AdminKeys {
  constructor(private readonly transport: Transport) {}

  list(orgId: number, options?: CallOptions): Promise<ApiKeyList> {
    return this.transport.json({ method: 'GET', path: `/admin/orgs/${segment(orgId)}/keys`, credential: 'adminToken' }, ApiKeyList, options);
  }

  /** An additional key (a full key unless `key.role` says "reviewer"); the others keep working. */
  create(orgId: number, key: IssueKeyBody = {}, options?: CallOptions): Promise<IssuedKey> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/keys`, body: key, ...admin }, IssuedKey, options);
  }

  /** A new key (with `key`'s role and label), and every other key of the organization revoked. */
  rotate(orgId: number, key: IssueKeyBody = {}, options?: CallOptions): Promise<IssuedKey> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/keys/rotate`, body: key, ...admin }, IssuedKey, options);
  }

  revoke(orgId: number, keyId: number, options?: CallOptions): Promise<RevokedKey> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/keys/${segment(keyId)}/revoke`, ...admin }, RevokedKey, options);
  }
}

/** People of an organization (issue 50): who holds its keys, named in histories, grades and reviews. */
export class AdminPeople {
  constructor(private readonly transport: Transport) {}

  list(orgId: number, options?: CallOptions): Promise<PersonList> {
    return this.transport.json({ method: 'GET', path: `/admin/orgs/${segment(orgId)}/people`, credential: 'adminToken' }, PersonList, options);
  }

  add(orgId: number, person: AddPersonBody, options?: CallOptions): Promise<Person> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/people`, body: person, ...admin }, Person, options);
  }

  /** 404.20 for a person of no org, or of another. */
  update(orgId: number, personId: number, change: UpdatePersonBody, options?: CallOptions): Promise<Person> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/people/${segment(personId)}`, body: change, ...admin }, Person, options);
  }

  /** Revokes every key of theirs; the person stays, so histories still name them. */
  deactivate(orgId: number, personId: number, options?: CallOptions): Promise<Person> {
    return this.transport.json({ method: 'POST', path: `/admin/orgs/${segment(orgId)}/people/${segment(personId)}/deactivate`, ...admin }, Person, options);
  }
}

/** The operator API (`/admin`, on when the server has ASSAY_ADMIN_TOKEN): needs `adminToken`, not an API key. */
export class Admin {
  readonly orgs: AdminOrgs;
  readonly keys: AdminKeys;
  readonly people: AdminPeople;

  constructor(transport: Transport) {
    this.orgs = new AdminOrgs(transport);
    this.keys = new AdminKeys(transport);
    this.people = new AdminPeople(transport);
  }
}
