import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '@assay/store';
import { silentLog } from '@assay/testing';
import { RetentionSweeper, retentionErasure } from '../src/index.js';
import { singleChoiceTest } from './world.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const YEAR_9999 = Date.UTC(9999, 11, 31);

/**
 * Issue 59 point 7 (decision 1009): an invitation never started whose expiry is in year 9999 is still erased — its
 * window holds its clock back for at most the org's `unstartedDays`, so it goes at most twice the period after it was
 * made, whatever expiry a caller set.
 */
describe.each(['sqlite', 'postgres'] as const)('an expiry in year 9999 on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;

  const invitedWithFarExpiry = async (daysAgo: number, n: number) => {
    const email = `far${n}@example.com`;
    const registration = { orgId, testId, testLinkId: null, emailKey: email, email, fullName: `Far ${n}`, callbackUrl: null, redirectUrl: null };
    const id = (await store.invitations.register(registration, () => `far-${backend}-${n}`, NOW - daysAgo * DAY)).invitation.id;
    await store.reminders.setExpiry(orgId, id, YEAR_9999);
    return id;
  };
  const nameOf = async (id: number) =>
    (
      await store.db
        .selectFrom('invitations')
        .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
        .select('candidates.full_name')
        .where('invitations.id', '=', id)
        .executeTakeFirstOrThrow()
    ).full_name;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Far', email: 'far@example.com', timeZoneId: 1000 }, NOW - 900 * DAY)).id;
    testId = (await store.tests.importDefinition(orgId, singleChoiceTest, `far-${backend}`, NOW - 900 * DAY)).testId;
    await store.retention.setSettings(orgId, { endedDays: 365, mediaDays: 60, unstartedDays: 60 });
  });
  afterAll(() => dispose());

  it('erases it twice the period after it was made, not in year 9999', async () => {
    const old = await invitedWithFarExpiry(130, 1);
    const young = await invitedWithFarExpiry(100, 2);
    const counts = await new RetentionSweeper(store, retentionErasure(store), () => NOW, silentLog).sweep();
    expect(counts.erasedUnstarted).toBe(1);
    expect(await nameOf(old)).toBe('Erased candidate');
    expect(await nameOf(young)).toBe('Far 2');
  });
});
