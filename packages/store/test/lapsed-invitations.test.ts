import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatWireDateTime, InvitationListQuery, moveInvitation } from '@assay/domain';
import type { Store } from '../src/index.js';
import { oneQuestionTest, scratchOrgWithTest } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 1, 9);
const DAY = 24 * 60 * 60 * 1000;
const NOW = T0 + 10 * DAY;

/** Issue 61 item 5: Expired is read at `now` from the invitation's expiry or its link's end, in the list and the summary alike. */
describe.each(['sqlite', 'postgres'] as const)('lapsed invitations on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ store, dispose, orgId, testId } = await scratchOrgWithTest(backend, inject('pgUrl'), oneQuestionTest('Lapsed'), `lapsed-${backend}`, T0));
    const endedLink = await store.testLinks.create(
      orgId,
      testId,
      {
        testLinkName: 'Ended',
        accessTime: 1,
        startDateTime: formatWireDateTime(T0),
        endDateTime: formatWireDateTime(NOW - DAY),
        emailToStakeholder: null,
        timeZoneId: 1000,
        inviteCandidateOnly: 1,
        imageProctoring: 0,
        testLinkStatus: 1,
      },
      `ended-${backend}`,
      T0,
    );
    const invite = async (name: string, testLinkId: number | null = null) => {
      const email = `${name}@example.com`;
      const { invitation } = await store.invitations.register(
        { orgId, testId, testLinkId, emailKey: email, email, fullName: name, callbackUrl: null, redirectUrl: null },
        () => `lapsed-${backend}-${name}`,
        T0,
      );
      ids[name] = invitation.id;
      return invitation.id;
    };
    await invite('open');
    await store.reminders.setExpiry(orgId, await invite('future'), NOW + DAY);
    await store.reminders.setExpiry(orgId, await invite('past'), NOW - 1);
    await store.reminders.setExpiry(orgId, await invite('exactly'), NOW);
    await invite('linkEnded', endedLink.testLinkId);
    const started = await invite('started');
    await store.reminders.setExpiry(orgId, started, NOW - DAY);
    await store.invitations.applyMove(
      orgId,
      started,
      (invitation) => moveInvitation(invitation, { type: 'start', at: T0 + DAY, durationMinutes: 60 * 24 * 30 }),
      T0 + DAY,
    );
    const cancelled = await invite('cancelled');
    await store.reminders.setExpiry(orgId, cancelled, NOW - DAY);
    await store.invitations.applyMove(orgId, cancelled, (invitation) => moveInvitation(invitation, { type: 'cancel', at: T0 }), T0);
  });
  afterAll(() => dispose());

  const list = async (status: string | undefined, now = NOW) =>
    (await store.invitationList.list(orgId, testId, InvitationListQuery.parse({ ...(status === undefined ? {} : { status }), page_size: '100' }), now))!;
  const namesOf = (rows: { fullName: string }[]) => rows.map((row) => row.fullName).sort();

  it('answers status=Expired with the Pending invitations whose expiry or link end has passed, and Pending without them', async () => {
    expect(namesOf((await list('Expired')).invitations)).toEqual(['exactly', 'linkEnded', 'past']);
    expect(namesOf((await list('Pending')).invitations)).toEqual(['future', 'open']);
    expect((await list('Pending,Expired')).invitationsCount).toBe(5);
    expect(namesOf((await list('In progress')).invitations)).toEqual(['started']);
  });

  it('shows Expired as the row’s status, and Pending again once `now` is before the window closed', async () => {
    const rows = new Map((await list(undefined)).invitations.map((row) => [row.fullName, row.testStatus]));
    expect(Object.fromEntries(rows)).toEqual({
      open: 'Pending',
      future: 'Pending',
      past: 'Expired',
      exactly: 'Expired',
      linkEnded: 'Expired',
      started: 'In progress',
      cancelled: 'Cancelled',
    });
    expect((await list('Expired', T0)).invitationsCount).toBe(0);
  });

  it('counts Expired apart in the summary, as the filter counts it, and keeps it in the completion rate', async () => {
    const summary = (await store.invitationSummary.summary(orgId, testId, NOW))!;
    expect(summary.stages).toEqual({ Pending: 2, Expired: 3, 'In progress': 1, Completed: 0, Reset: 0, Cancelled: 1 });
    expect(summary.completionRate).toBe(0);
    expect((await store.invitationSummary.summary(orgId, testId, T0))!.stages.Expired).toBe(0);
  });

  it('reads an invitation Pending again once its expiry is extended', async () => {
    await store.reminders.setExpiry(orgId, ids.past!, NOW + DAY);
    expect(namesOf((await list('Expired')).invitations)).toEqual(['exactly', 'linkEnded']);
    await store.reminders.setExpiry(orgId, ids.past!, NOW - 1);
  });
});
