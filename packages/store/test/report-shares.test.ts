import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

/** Migration 062 and the report shares repository (issue 61 item 4): made, listed per org, revoked, opened. */
describe.each(['sqlite', 'postgres'] as const)('report shares on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let invitationId: number;
  let orgId: number;
  let otherOrgId: number;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    const testId = (await store.tests.importDefinition(orgId, oneQuestionTest('Share'), `share-${backend}`, T0)).testId;
    invitationId = (await registeredAt(store, orgId, testId, 'c@example.com', `share-${backend}`, T0)).id;
  });
  afterAll(() => dispose());

  const make = (tokenHash: string, createdAt = T0) =>
    store.reportShares.create({ orgId, invitationId, tokenHash, keyId: 3, personId: null, createdAt, expiresAt: createdAt + 14 * DAY });

  it('stores a share by its token hash and finds it by that hash alone', async () => {
    const made = await make('a'.repeat(64));
    expect(made).toEqual({
      shareId: made.shareId,
      orgId,
      testInvitationId: invitationId,
      createdAt: T0,
      expiresAt: T0 + 14 * DAY,
      revokedAt: null,
      opens: 0,
      lastOpenedAt: null,
    });
    expect(await store.reportShares.findByTokenHash('a'.repeat(64))).toEqual(made);
    expect(await store.reportShares.findByTokenHash('b'.repeat(64))).toBeUndefined();
    await expect(make('a'.repeat(64))).rejects.toThrow();
  });

  it("lists an org's shares newest first, and none of them to another org", async () => {
    const second = await make('c'.repeat(64), T0 + 1000);
    const listed = await store.reportShares.list(orgId);
    expect(listed[0]?.shareId).toBe(second.shareId);
    expect(listed).toHaveLength(2);
    expect(await store.reportShares.list(orgId, invitationId)).toHaveLength(2);
    expect(await store.reportShares.list(otherOrgId)).toEqual([]);
  });

  it('revokes only within the org, keeping the first instant', async () => {
    const [share] = await store.reportShares.list(orgId);
    expect(await store.reportShares.revoke(otherOrgId, share!.shareId, T0 + DAY)).toBeUndefined();
    expect((await store.reportShares.revoke(orgId, share!.shareId, T0 + DAY))?.revokedAt).toBe(T0 + DAY);
    expect((await store.reportShares.revoke(orgId, share!.shareId, T0 + 2 * DAY))?.revokedAt).toBe(T0 + DAY);
  });

  it('counts each open and writes it into the history', async () => {
    const share = (await store.reportShares.findByTokenHash('a'.repeat(64)))!;
    await store.reportShares.recordOpen(share, 'html', T0 + 5000);
    await store.reportShares.recordOpen(share, 'pdf', T0 + 6000);
    expect(await store.reportShares.findByTokenHash('a'.repeat(64))).toMatchObject({ opens: 2, lastOpenedAt: T0 + 6000 });
    const history = await store.history.read(orgId, invitationId);
    const opened = history?.entries.filter((entry) => entry.event.kind === 'share-opened');
    expect(opened?.map((entry) => [entry.event.details, entry.by])).toEqual([
      [{ shareId: share.shareId, format: 'html' }, 'system'],
      [{ shareId: share.shareId, format: 'pdf' }, 'system'],
    ]);
  });

  it("revokes every share of an erased invitation, keeping an earlier revocation's instant", async () => {
    await store.erasure.eraseInvitations(orgId, [invitationId], { by: 'key 1 (ops)', scope: 'invitation', now: new Date(T0 + 90_000) });
    const left = await store.reportShares.list(orgId);
    expect(left.map((share) => share.revokedAt)).toEqual([T0 + DAY, T0 + 90_000]);
  });
});
