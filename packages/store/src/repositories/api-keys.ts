import type { Kysely, Selectable } from 'kysely';
import { type ApiKeySummary, FULL_KEY_ROLE, type KeyRole } from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';
import type { ApiKeysTable } from '../tables/accounts.js';

/** What an API key unlocks: its org and the org's defaults, looked up by the key's hash. */
export interface KeyOwner {
  keyId: number;
  keyHash: string;
  /** What the key may do (`keyMayDo`). */
  role: KeyRole;
  orgId: number;
  orgEmail: string;
  orgTimeZoneId: number;
  /** Who holds the key (issue 50); null only for a key read in migration 040's instant. */
  personId: number | null;
}

/** What a key is for; a key issued without it is a full key labelled with its prefix, for a new unnamed person. */
export interface KeyAccess {
  role: KeyRole;
  label: string;
  /** Its person (issue 50); without one the key gets a new unnamed person of its own, with the key's role. */
  personId?: number;
}

const activeOwner = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('api_keys')
    .innerJoin('orgs', 'orgs.id', 'api_keys.org_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.key_hash as keyHash',
      'api_keys.role as role',
      'orgs.id as orgId',
      'orgs.email as orgEmail',
      'orgs.time_zone_id as orgTimeZoneId',
      'api_keys.person_id as personId',
    ])
    .where('api_keys.key_hash', '=', parameter<string>('keyHash'))
    .where('api_keys.revoked_at', 'is', null),
);

const summaryOf = (row: Selectable<ApiKeysTable>): ApiKeySummary => ({
  keyId: row.id,
  prefix: row.prefix,
  role: row.role,
  label: row.label ?? row.prefix,
  personId: Number(row.person_id),
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
});

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: number, keyHash: string, prefix: string, now: number, access?: KeyAccess): Promise<number> {
    return (await this.issue(orgId, keyHash, prefix, now, access)).keyId;
  }

  /** Stores a key and answers it with its person's id (a new unnamed person's when `access` names none). */
  async issue(orgId: number, keyHash: string, prefix: string, now: number, access?: KeyAccess): Promise<{ keyId: number; personId: number }> {
    const { role, label } = access ?? { role: FULL_KEY_ROLE, label: prefix };
    const personId = access?.personId ?? (await this.unnamedPerson(orgId, role, now));
    const row = await this.db
      .insertInto('api_keys')
      .values({ org_id: orgId, key_hash: keyHash, prefix, role, label, created_at: now, revoked_at: null, person_id: personId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { keyId: Number(row.id), personId };
  }

  /** A key issued for nobody in particular is someone's all the same: a person of its own, named by the key's label. */
  private async unnamedPerson(orgId: number, role: KeyRole, now: number): Promise<number> {
    const row = await this.db
      .insertInto('people')
      .values({ org_id: orgId, name: null, email: null, role, created_at: now, deactivated_at: null, first_key_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async findActiveOwner(keyHash: string): Promise<KeyOwner | undefined> {
    const [owner] = await activeOwner(this.db, { keyHash });
    return owner;
  }

  async list(orgId: number): Promise<ApiKeySummary[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
    return rows.map(summaryOf);
  }

  /** One key of the org, or undefined (another org's too). */
  async find(orgId: number, keyId: number): Promise<ApiKeySummary | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).where('id', '=', keyId).executeTakeFirst();
    return row && summaryOf(row);
  }

  /** Revokes one key; answers the hash so callers can drop it from caches, or undefined if unknown. */
  async revoke(orgId: number, keyId: number, now: number): Promise<{ keyHash: string; revokedAt: number } | undefined> {
    const row = await this.db.selectFrom('api_keys').select(['key_hash', 'revoked_at']).where('org_id', '=', orgId).where('id', '=', keyId).executeTakeFirst();
    if (!row) return undefined;
    if (row.revoked_at !== null) return { keyHash: row.key_hash, revokedAt: row.revoked_at };
    await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).execute();
    return { keyHash: row.key_hash, revokedAt: now };
  }

  /** Revokes every active key of the org but `keepKeyId`; answers the revoked hashes. */
  async revokeAllExcept(orgId: number, keepKeyId: number, now: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('org_id', '=', orgId)
      .where('id', '!=', keepKeyId)
      .where('revoked_at', 'is', null)
      .returning('key_hash')
      .execute();
    return rows.map((row) => row.key_hash);
  }
}
