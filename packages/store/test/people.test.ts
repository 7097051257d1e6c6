import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { peopleMigration } from '../src/migrations/040-people.js';
import { openScratchStore, type Store } from '../src/index.js';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);

/** People, not keys (issue 50, decision 771): every key issued before migration 040 keeps working, with a person of its own. */
describe.each(['sqlite', 'postgres'] as const)('people on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
  });
  afterAll(() => dispose());

  it('gives every key issued before it an unnamed person of its own, with its role', async () => {
    // As the tables were before migration 040: no people, no person on a key.
    await store.db.schema.dropIndex('api_keys_person_idx').execute();
    await store.db.schema.alterTable('api_keys').dropColumn('person_id').execute();
    await store.db.schema.dropTable('people').execute();
    const old = store.db as unknown as import('kysely').Kysely<{
      api_keys: { org_id: number; key_hash: string; prefix: string; role: string; label: string; created_at: number; revoked_at: number | null };
    }>;
    await old
      .insertInto('api_keys')
      .values({ org_id: orgId, key_hash: 'a'.repeat(64), prefix: 'assay_old111', role: 'admin', label: 'assay_old111', created_at: T0, revoked_at: null })
      .execute();
    await old
      .insertInto('api_keys')
      .values({ org_id: orgId, key_hash: 'b'.repeat(64), prefix: 'assay_old222', role: 'reviewer', label: 'Panel A', created_at: T0, revoked_at: T0 })
      .execute();
    await old
      .insertInto('api_keys')
      .values({ org_id: otherOrgId, key_hash: 'c'.repeat(64), prefix: 'assay_old333', role: 'admin', label: 'assay_old333', created_at: T0, revoked_at: null })
      .execute();
    await peopleMigration(backend).up(store.db as never);

    const owner = await store.apiKeys.findActiveOwner('a'.repeat(64));
    expect(owner).toMatchObject({ orgId, role: 'admin' });
    const people = await store.people.list(orgId);
    expect(people).toEqual([
      expect.objectContaining({ name: null, email: null, role: 'admin', deactivatedAt: null, keyIds: [owner!.keyId] }),
      expect.objectContaining({ name: null, role: 'reviewer', keyIds: [expect.any(Number)] }),
    ]);
    expect(owner!.personId).toBe(people[0]!.personId);
    expect((await store.people.list(otherOrgId)).map((person) => person.keyIds.length)).toEqual([1]);
  });

  it('adds, changes and deactivates a person, their keys following their role, and only in their org', async () => {
    const dana = await store.people.add(orgId, { name: 'Dana Reviewer', email: 'dana@example.com', role: 'reviewer' }, T0);
    const keyId = await store.apiKeys.insert(orgId, 'd'.repeat(64), 'assay_dan444', T0, { role: 'reviewer', label: 'assay_dan444', personId: dana.personId });
    expect(await store.people.find(orgId, dana.personId)).toMatchObject({ name: 'Dana Reviewer', keyIds: [keyId] });
    expect(await store.people.find(otherOrgId, dana.personId)).toBeUndefined();
    expect(await store.people.update(otherOrgId, dana.personId, { name: 'X' })).toBeUndefined();

    const changed = await store.people.update(orgId, dana.personId, { role: 'recruiter', email: null });
    expect(changed?.person).toMatchObject({ role: 'recruiter', email: null });
    expect(changed?.changedKeyHashes).toEqual(['d'.repeat(64)]);
    expect(await store.apiKeys.findActiveOwner('d'.repeat(64))).toMatchObject({ role: 'recruiter', personId: dana.personId });

    expect(await store.people.deactivate(otherOrgId, dana.personId, T0)).toBeUndefined();
    const gone = await store.people.deactivate(orgId, dana.personId, T0 + 1000);
    expect(gone?.revokedKeyHashes).toEqual(['d'.repeat(64)]);
    expect(gone?.person.deactivatedAt).toBe(new Date(T0 + 1000).toISOString());
    expect(await store.apiKeys.findActiveOwner('d'.repeat(64))).toBeUndefined();

    // Reactivating ends the deactivation, in its org only; the revoked key stays revoked (decision 984).
    expect(await store.people.reactivate(otherOrgId, dana.personId)).toBeUndefined();
    expect((await store.people.find(orgId, dana.personId))?.deactivatedAt).not.toBeNull();
    expect(await store.people.reactivate(orgId, dana.personId)).toMatchObject({ deactivatedAt: null, keyIds: [keyId] });
    expect(await store.apiKeys.findActiveOwner('d'.repeat(64))).toBeUndefined();
  });

  it('gives a key issued for nobody a new unnamed person', async () => {
    const keyId = await store.apiKeys.insert(orgId, 'e'.repeat(64), 'assay_new555', T0);
    const key = (await store.apiKeys.list(orgId)).find((listed) => listed.keyId === keyId)!;
    expect(await store.people.find(orgId, key.personId)).toMatchObject({ name: null, role: 'admin', keyIds: [keyId] });
  });
});
