import type { Kysely } from 'kysely';
import { FULL_KEY_ROLE, type KeyRole, type Person, type PersonInput, type PersonUpdate } from '@assay/domain';
import type { Database } from '../database.js';

const iso = (at: number | null): string | null => (at === null ? null : new Date(Number(at)).toISOString());

/** What deactivating a person changed: the hashes of the keys it revoked, for the key cache. */
export interface Deactivation {
  readonly person: Person;
  readonly revokedKeyHashes: string[];
}

/**
 * The people of an org (issue 50, decision 771): who holds its API keys. Every read and write names the org, so another
 * org's person answers as a missing one. A person is deactivated, never deleted: the history still names them.
 */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(orgId: number, input: PersonInput, now: number): Promise<Person> {
    const row = await this.db
      .insertInto('people')
      .values({
        org_id: orgId,
        name: input.name,
        email: input.email ?? null,
        role: input.role ?? FULL_KEY_ROLE,
        created_at: now,
        deactivated_at: null,
        first_key_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.find(orgId, Number(row.id)))!;
  }

  async list(orgId: number): Promise<Person[]> {
    const rows = await this.db.selectFrom('people').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
    const keys = await this.db.selectFrom('api_keys').select(['id', 'person_id']).where('org_id', '=', orgId).orderBy('id').execute();
    return rows.map((row) =>
      this.toPerson(
        row,
        keys.filter((key) => Number(key.person_id) === Number(row.id)).map((key) => Number(key.id)),
      ),
    );
  }

  async find(orgId: number, personId: number): Promise<Person | undefined> {
    const row = await this.db.selectFrom('people').selectAll().where('org_id', '=', orgId).where('id', '=', personId).executeTakeFirst();
    if (!row) return undefined;
    const keys = await this.db.selectFrom('api_keys').select('id').where('org_id', '=', orgId).where('person_id', '=', personId).orderBy('id').execute();
    return this.toPerson(
      row,
      keys.map((key) => Number(key.id)),
    );
  }

  /**
   * Changes a person; a new role applies to each of their active keys at once (decision 772), whose hashes it answers
   * for the key cache. Undefined when the org has no such person.
   */
  async update(orgId: number, personId: number, update: PersonUpdate): Promise<{ person: Person; changedKeyHashes: string[] } | undefined> {
    const changes = {
      ...(update.name !== undefined ? { name: update.name } : {}),
      ...(update.email !== undefined ? { email: update.email } : {}),
      ...(update.role !== undefined ? { role: update.role } : {}),
    };
    const updated = await this.db.updateTable('people').set(changes).where('org_id', '=', orgId).where('id', '=', personId).returning('id').executeTakeFirst();
    if (!updated) return undefined;
    const changedKeyHashes = update.role === undefined ? [] : await this.setKeyRoles(orgId, personId, update.role);
    return { person: (await this.find(orgId, personId))!, changedKeyHashes };
  }

  private async setKeyRoles(orgId: number, personId: number, role: KeyRole): Promise<string[]> {
    const rows = await this.db
      .updateTable('api_keys')
      .set({ role })
      .where('org_id', '=', orgId)
      .where('person_id', '=', personId)
      .where('revoked_at', 'is', null)
      .returning('key_hash')
      .execute();
    return rows.map((row) => row.key_hash);
  }

  /** Deactivates a person and revokes every active key of theirs; deactivating again changes nothing. */
  async deactivate(orgId: number, personId: number, now: number): Promise<Deactivation | undefined> {
    const row = await this.db.selectFrom('people').select('deactivated_at').where('org_id', '=', orgId).where('id', '=', personId).executeTakeFirst();
    if (!row) return undefined;
    if (row.deactivated_at === null) await this.db.updateTable('people').set({ deactivated_at: now }).where('id', '=', personId).execute();
    const revoked = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('org_id', '=', orgId)
      .where('person_id', '=', personId)
      .where('revoked_at', 'is', null)
      .returning('key_hash')
      .execute();
    return { person: (await this.find(orgId, personId))!, revokedKeyHashes: revoked.map((key) => key.key_hash) };
  }

  /**
   * Ends a deactivation (v3's user status "Active", decision 984); the keys it revoked stay revoked — a revoked key never
   * comes back — so the person acts again only through a key issued after this.
   */
  async reactivate(orgId: number, personId: number): Promise<Person | undefined> {
    const updated = await this.db
      .updateTable('people')
      .set({ deactivated_at: null })
      .where('org_id', '=', orgId)
      .where('id', '=', personId)
      .returning('id')
      .executeTakeFirst();
    return updated ? this.find(orgId, personId) : undefined;
  }

  private toPerson(
    row: { id: number; name: string | null; email: string | null; role: KeyRole; created_at: number; deactivated_at: number | null },
    keyIds: number[],
  ): Person {
    return {
      personId: Number(row.id),
      name: row.name,
      email: row.email,
      role: row.role,
      createdAt: iso(row.created_at)!,
      deactivatedAt: iso(row.deactivated_at),
      keyIds,
    };
  }
}
