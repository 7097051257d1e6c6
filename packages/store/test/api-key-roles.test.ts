import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeyRolesMigration } from '../src/migrations/023-api-key-roles.js';
import { openScratchStore, type Store } from '../src/index.js';

const T0 = Date.UTC(2026, 10, 25, 13, 0, 0);

/** Keys issued before migration 023 keep working as they did: full keys, labelled with their prefix. */
describe.each(['sqlite', 'postgres'] as const)('API key roles on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
  });
  afterAll(() => dispose());

  it('makes every key issued before it a full key labelled with its prefix', async () => {
    // As the table was before migration 023: no role, no label; two keys, one revoked.
    await store.db.schema.alterTable('api_keys').dropColumn('role').execute();
    await store.db.schema.alterTable('api_keys').dropColumn('label').execute();
    const old = store.db as unknown as Kysely<{
      api_keys: { org_id: number; key_hash: string; prefix: string; created_at: number; revoked_at: number | null };
    }>;
    await old
      .insertInto('api_keys')
      .values({ org_id: orgId, key_hash: 'a'.repeat(64), prefix: 'assay_old111', created_at: T0, revoked_at: null })
      .execute();
    await old
      .insertInto('api_keys')
      .values({ org_id: orgId, key_hash: 'b'.repeat(64), prefix: 'assay_old222', created_at: T0, revoked_at: T0 })
      .execute();
    await apiKeyRolesMigration().up(store.db as never);

    expect(await store.apiKeys.findActiveOwner('a'.repeat(64))).toMatchObject({ orgId, role: 'admin' });
    const { length, 0: first, 1: second } = await store.apiKeys.list(orgId);
    expect(length).toBe(2);
    expect(first).toMatchObject({ prefix: 'assay_old111', role: 'admin', label: 'assay_old111', revokedAt: null });
    expect(second).toMatchObject({ prefix: 'assay_old222', role: 'admin', label: 'assay_old222' });
  });

  it('stores a new key’s role and label, and a full key labelled with its prefix without them', async () => {
    const reviewerId = await store.apiKeys.insert(orgId, 'c'.repeat(64), 'assay_rev333', T0, { role: 'reviewer', label: 'Panel' });
    const plainId = await store.apiKeys.insert(orgId, 'd'.repeat(64), 'assay_pln444', T0);
    expect(await store.apiKeys.findActiveOwner('c'.repeat(64))).toMatchObject({ keyId: reviewerId, role: 'reviewer' });
    const keys = await store.apiKeys.list(orgId);
    expect(keys.find((key) => key.keyId === reviewerId)).toMatchObject({ role: 'reviewer', label: 'Panel' });
    expect(keys.find((key) => key.keyId === plainId)).toMatchObject({ role: 'admin', label: 'assay_pln444' });
  });
});
