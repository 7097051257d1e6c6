import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moveInvitation, type InvitationEvent } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 0, 1);

/**
 * Migration 044 (issue 52): a test's settings read as its defaults until set and then as stored (never another org's),
 * a new invitation is a v2 one, and an ended attempt keeps why it ended until a reset clears it.
 */
describe.each(['sqlite', 'postgres'] as const)('the v3 foundation on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrg: number;
  let testId: number;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Mine', email: 'mine@example.com', timeZoneId: 1000 }, T0)).id;
    otherOrg = (await store.orgs.create({ name: 'Theirs', email: 'theirs@example.com', timeZoneId: 1000 }, T0)).id;
    testId = (await store.tests.importDefinition(orgId, oneQuestionTest('Backend'), `v3-foundation-${backend}`, T0)).testId;
  });
  afterAll(() => dispose());

  it('reads defaults, then what was put; another org reads nothing and writes nothing', async () => {
    const defaults = await store.testSettings.get(orgId, testId);
    expect(defaults?.testSettings.testName).toBe('Backend');
    expect(defaults?.windowViolationSettings.copyPaste).toBe(true);
    const changed = { ...defaults!, questionSettings: { ...defaults!.questionSettings, showQuestionScore: false } };
    expect(await store.testSettings.put(otherOrg, testId, changed)).toBeUndefined();
    expect(await store.testSettings.get(otherOrg, testId)).toBeUndefined();
    expect(await store.testSettings.put(orgId, testId, changed)).toEqual(changed);
    expect((await store.testSettings.get(orgId, testId))?.questionSettings.showQuestionScore).toBe(false);
  });

  it('keeps why an attempt ended, and a reset clears it', async () => {
    const invitation = await registeredAt(store, orgId, testId, `end-${backend}@example.com`, `end-${backend}`, T0);
    expect(invitation.interface).toBe('v2');
    expect(invitation.endReason).toBeNull();
    const apply = async (event: InvitationEvent, at: number) =>
      (await store.invitations.applyMove(orgId, invitation.id, (current) => moveInvitation(current, event), at))?.invitation;
    await apply({ type: 'start', at: T0, durationMinutes: 10 }, T0);
    expect((await apply({ type: 'expire', at: T0 + 11 * 60_000 }, T0 + 11 * 60_000))?.endReason).toBe('time-up');
    expect((await apply({ type: 'reset' }, T0 + 12 * 60_000))?.endReason).toBeNull();
    await apply({ type: 'start', at: T0 + 13 * 60_000, durationMinutes: 10 }, T0 + 13 * 60_000);
    expect((await apply({ type: 'submit', at: T0 + 14 * 60_000 }, T0 + 14 * 60_000))?.endReason).toBe('submitted');
  });
});
