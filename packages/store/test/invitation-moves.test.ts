import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition, moveInvitation, type InvitationEvent } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';

const definition = TestDefinition.parse({
  testName: 'Moves',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Every effect of the invitation machine, applied by `applyMove` in one transaction with the status. */
describe.each(['sqlite', 'postgres'] as const)('invitation moves and their effects on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let counter = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    testId = (await store.tests.importDefinition(orgId, definition, `moves-${backend}`, T0)).testId;
  });
  afterAll(() => dispose());

  const invite = async (callbackUrl: string | null = null) => {
    counter += 1;
    const email = `c${counter}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl, redirectUrl: null },
      () => `moves-${backend}-${counter}`,
      T0,
    );
    return invitation;
  };
  const apply = (id: number, event: InvitationEvent, at = T0) => store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, event), at);

  it('start: the clock and the deadline, counters fresh', async () => {
    const { id } = await invite();
    const applied = await apply(id, { type: 'start', at: T0 + 1_000, durationMinutes: 30 });
    expect(applied?.invitation).toMatchObject({
      status: 'In progress',
      startedAt: T0 + 1_000,
      deadline: T0 + 1_000 + 30 * 60_000,
      proctoring: { wv: 0, tv: 0, leftAt: null, unloading: false },
    });
  });

  it('submit: completes with proctoring closed, and queues scoring and the callback in the same transaction', async () => {
    const { id } = await invite('https://hooks.example.com/x');
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 });
    await store.db
      .updateTable('invitations')
      .set({ left_at: T0 + 60_000, window_violations: 1 })
      .where('id', '=', id)
      .execute();
    const applied = await apply(id, { type: 'submit', at: T0 + 90_000 }, T0 + 90_000);
    expect(applied?.invitation).toMatchObject({ status: 'Completed', completedAt: T0 + 90_000, proctoring: { wv: 1, tv: 30, leftAt: null } });
    const jobs = await store.db.selectFrom('jobs').select('kind').where('invitation_id', '=', id).orderBy('id').execute();
    expect(jobs.map((job) => job.kind)).toEqual(['score', 'callback']);
  });

  it('submitting twice queues nothing more', async () => {
    const { id } = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 });
    await apply(id, { type: 'submit', at: T0 + 1 });
    await apply(id, { type: 'submit', at: T0 + 2 });
    expect(await store.db.selectFrom('jobs').select('id').where('invitation_id', '=', id).execute()).toHaveLength(1);
  });

  it('reset: clears the attempt, its answers and snapshots, together', async () => {
    const { id } = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 });
    const [question] = await store.attempts.questions(testId);
    expect(await store.attempts.saveAnswer(id, question!.id, { optionIds: [0] }, T0 + 1)).toBe(true);
    await store.attempts.addSnapshot(id, T0 + 2, 'image/jpeg', Buffer.from('x'));
    const applied = await apply(id, { type: 'reset' });
    expect(applied?.invitation).toMatchObject({ status: 'Reset', startedAt: null, deadline: null, completedAt: null, score: 0 });
    expect(await store.attempts.answers(id)).toEqual([]);
    expect(await store.attempts.snapshots(id)).toEqual([]);
  });

  it('cancel: remembers when; a refused move changes nothing', async () => {
    const { id } = await invite();
    expect((await apply(id, { type: 'cancel', at: T0 + 5 }))?.invitation).toMatchObject({ status: 'Cancelled', cancelledAt: T0 + 5 });
    const refused = await apply(id, { type: 'start', at: T0 + 6, durationMinutes: 30 });
    expect(refused?.move.err?.kind).toBe('invitation-cancelled');
    expect(refused?.invitation.status).toBe('Cancelled');
  });

  it('reattempt: one new invitation, the same one however often it is asked for', async () => {
    const { id } = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 });
    await apply(id, { type: 'submit', at: T0 + 1 });
    const [first, second] = await Promise.all([apply(id, { type: 'reattempt' }), apply(id, { type: 'reattempt' })]);
    expect(first?.reattempt).toMatchObject({ status: 'Pending', previousInvitationId: id, attemptNo: 2 });
    expect(second?.reattempt?.id).toBe(first?.reattempt?.id);
    expect(first?.reattempt?.token).not.toBe(first?.invitation.token);
  });

  it('concurrent submits and an expiry complete once', async () => {
    const { id } = await invite('https://hooks.example.com/y');
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 });
    await Promise.all([apply(id, { type: 'submit', at: T0 + 1 }), apply(id, { type: 'submit', at: T0 + 2 }), apply(id, { type: 'expire', at: T0 + 3 })]);
    expect(await store.db.selectFrom('jobs').select('kind').where('invitation_id', '=', id).execute()).toHaveLength(2);
  });

  it('an unknown or another org’s invitation is not found', async () => {
    const { id } = await invite();
    expect(await store.invitations.applyMove(orgId + 999, id, (invitation) => moveInvitation(invitation, { type: 'reset' }), T0)).toBeUndefined();
  });
});
