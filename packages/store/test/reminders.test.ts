import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition, remindersDue, windowClosesAt } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';

const definition = TestDefinition.parse({
  testName: 'Reminded',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});
const H = 3_600_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Migration 032's claims: a reminder key claimed twice at once queues one job, on both databases; `setExpiry` is the org's. */
describe.each(['sqlite', 'postgres'] as const)('reminder claims on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let invitationId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    const { testId } = await store.tests.importDefinition(orgId, definition, `reminders-${backend}`, T0);
    const email = 'c@example.com';
    ({
      invitation: { id: invitationId },
    } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null },
      () => `reminders-${backend}`,
      T0,
    ));
  });
  afterAll(() => dispose());

  it('gives an invitation its own expiry, for its org only', async () => {
    const other = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    expect(await store.reminders.setExpiry(other, invitationId, T0 + 10 * H)).toBe(false);
    expect(await store.reminders.setExpiry(orgId, invitationId, T0 + 10 * H)).toBe(true);
    expect((await store.invitations.find(orgId, invitationId))?.expiresAt).toBe(T0 + 10 * H);
  });

  it('lists the invitation once its close is near, and queues each claim once however many passes race', async () => {
    const now = T0 + 6 * H;
    const [subject] = await store.reminders.open(now, 720 * H, 7 * 24 * H, 0, 10);
    expect(subject).toMatchObject({ invitationId, stakeholder: 'org@example.com', candidateEmail: 'c@example.com', claimed: [] });
    const claims = remindersDue({ ...subject!, closesAt: windowClosesAt(subject!), hours: [4], claimed: subject!.claimed }, now);
    expect(claims).toEqual([{ action: 'remind', key: 'reminder:4h', hours: 4 }]);
    const queued = await Promise.all([1, 2, 3, 4].map(() => store.reminders.claim(subject!, claims, now)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const jobs = await store.db.selectFrom('jobs').select(['kind', 'target', 'payload']).where('invitation_id', '=', invitationId).execute();
    expect(jobs).toEqual([{ kind: 'reminder', target: 'c@example.com', payload: '{"hours":4}' }]);
    expect((await store.reminders.subject(invitationId))?.claimed).toEqual(['reminder:4h']);
  });

  it('leaves an invitation out once its expiry note is claimed, and records an unsubscription once', async () => {
    const after = T0 + 11 * H;
    const [subject] = await store.reminders.open(after, 720 * H, 7 * 24 * H, 0, 10);
    await store.reminders.claim(subject!, [{ action: 'skip', key: 'expired' }], after);
    expect(await store.reminders.open(after, 720 * H, 7 * 24 * H, 0, 10)).toEqual([]);
    expect(await store.reminders.unsubscribe(subject!.candidateId, after)).toBe(true);
    expect(await store.reminders.unsubscribe(subject!.candidateId, after + 1)).toBe(true);
    expect((await store.reminders.candidate(subject!.candidateId))?.unsubscribed).toBe(true);
    expect(await store.reminders.unsubscribe(999_999, after)).toBe(false);
  });
});
