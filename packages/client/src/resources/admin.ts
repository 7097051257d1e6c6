import { ApiKeyList, CreatedOrg, IssuedKey, RevokedKey, type CreateOrgInput, type IssueKeyInput } from '@assay/domain/schemas';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

export type CreateOrgBody = z.input<typeof CreateOrgInput>;
/** `role` ("admin", the default, or "reviewer": reads and grades only) and `label` (the key's prefix by default). */
export type IssueKeyBody = z.input<typeof IssueKeyInput>;

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

/** The operator API (`/admin`, on when the server has ASSAY_ADMIN_TOKEN): needs `adminToken`, not an API key. */
export class Admin {
  readonly orgs: AdminOrgs;
  readonly keys: AdminKeys;

  constructor(transport: Transport) {
    this.orgs = new AdminOrgs(transport);
    this.keys = new AdminKeys(transport);
  }
}
