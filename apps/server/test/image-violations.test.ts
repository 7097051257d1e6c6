import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, InvitationHistory, InvitationList, ReportDetails, TestLink, TestSettings } from '@assay/domain';
import { blackFrame, sceneFrame, uniformFrame } from '../../../packages/reports/test/camera-frames.js';
import { candidate, manualClock, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const terminateAfterImages = (settings: TestSettings, count: number): TestSettings => ({
  ...settings,
  imageProctoringSettings: { terminateTestOnImageViolation: true, terminateTestAfterViolationCount: count },
});

const dataUrl = async (frame: Promise<Buffer>): Promise<string> => `data:image/jpeg;base64,${(await frame).toString('base64')}`;

/**
 * Issue 52: image violations are counted (decisions 971, 972) — a snapshot that shows nothing (measured on the server)
 * and the page's report that the camera stopped — and "terminate after N image violations" ends the attempt like the
 * window rule (decision 942): in the request that counts violation N+1, scored, its history naming the count.
 */
describe.each(backends)('image violations on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(Math.floor(Date.now() / 1000) * 1000);
  const at = () => {
    clock.advance(1_000);
    return new Date(clock.now()).toISOString();
  };
  /** A snapshot a minute after the last: the snapshot rate never refuses it. */
  const snap = async (attempt: ReturnType<typeof candidate>, frame: Promise<Buffer>) => {
    clock.advance(60_000);
    return attempt.snapshot(await dataUrl(frame));
  };

  /** A test whose settings `settingsOf` makes, and a camera link of it: a started attempt on it. */
  const startOn = async (settingsOf: (settings: TestSettings) => TestSettings, email: string) => {
    const testId = await h.importTest();
    await h.store.testSettings.put(h.org.orgId, testId, settingsOf((await h.store.testSettings.get(h.org.orgId, testId))!));
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1 },
      }),
    );
    const registered = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: email, fullName: 'Ada Lovelace' },
      }),
    );
    const attempt = candidate(h, tokenOf(registered.testUrl));
    expectSuccess(await attempt.start());
    return { testId, invitationId: registered.testInvitationId, attempt };
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('blank snapshots and a lost camera count; the third ends a terminate-after-2 attempt, and every reader says why', async () => {
    const { invitationId, attempt } = await startOn((settings) => terminateAfterImages(settings, 2), 'covered@example.com');

    // A frame that shows a scene is stored and never counted.
    const scene = expectSuccess<Record<string, unknown>>(await snap(attempt, sceneFrame()));
    expect(scene).toEqual({ snapshotId: expect.any(Number) });
    expect(expectSuccess<Record<string, unknown>>(await attempt.session())).toMatchObject({ imageViolations: 0, state: 'In progress' });

    expect(expectSuccess(await snap(attempt, blackFrame()))).toEqual({ snapshotId: expect.any(Number), iv: 1 });
    expect(expectSuccess(await attempt.event('camera-off', at()))).toEqual({ wv: 0, tv: 0, iv: 2 });
    expect(expectSuccess<Record<string, unknown>>(await attempt.session())).toMatchObject({
      state: 'In progress',
      imageViolations: 2,
      violationRules: { imageViolationLimit: 2 },
    });

    expect(expectSuccess(await snap(attempt, uniformFrame()))).toEqual({ snapshotId: expect.any(Number), iv: 3, terminated: true });
    // Over: nothing more is counted.
    expectFailure(await attempt.event('camera-off', at()), '403.11');
    expect(expectSuccess<Record<string, unknown>>(await attempt.session())).toMatchObject({
      state: 'Completed',
      endReason: 'terminated',
      terminatedBy: 'image',
      imageViolations: 3,
    });

    await h.drainJobs();
    const report = expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
    expect(report).toMatchObject({ testStatus: 'Completed', endReason: 'terminated', wv: 0 });
    const history = expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` }));
    expect(history.entries.find((entry: HistoryEntry) => entry.kind === 'submitted')).toMatchObject({
      by: 'system',
      details: { terminatedAfter: { kind: 'image', count: 3 } },
    });
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.status).toMatchObject({ endReason: 'terminated', terminatedBy: 'image' });
    expect(details.integrity).toMatchObject({ wv: 0, iv: 3, summary: { imageViolations: 3 } });
    // The blank frames are kept as evidence beside the scene.
    expect(details.integrity.snapshots).toHaveLength(3);
    // The person's own export says what was counted about them.
    const exported = expectSuccess<{ invitations: Record<string, unknown>[] }>(
      await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'covered@example.com' } }),
    );
    expect(exported.invitations).toEqual([expect.objectContaining({ testInvitationId: invitationId, windowViolations: 0, imageViolations: 3 })]);
  });

  it('without an image limit violations are counted for the reviewer but end nothing', async () => {
    const { testId, invitationId, attempt } = await startOn((settings) => settings, 'no-limit@example.com');
    for (const count of [1, 2, 3]) expect(expectSuccess(await snap(attempt, blackFrame()))).toEqual({ snapshotId: expect.any(Number), iv: count });
    expectSuccess(await attempt.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.integrity.iv).toBe(3);
    expect(details.status).not.toHaveProperty('endReason');
    expect(details.status).not.toHaveProperty('terminatedBy');

    // Decision 989: the one integrity summary counts them beside the snapshots; to review until a snapshot is reviewed.
    expect(details.integrity.summary).toMatchObject({ level: 'unreviewed', imageViolations: 3, snapshots: { total: 3, unreviewed: 3 } });
    // The list counts them from its rows (no review stored), as /details does; the row itself has no new field.
    const listed = async () =>
      expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` })).invitations.find(
        (row) => row.testInvitationId === invitationId,
      )!;
    expect((await listed()).integrity).toEqual(details.integrity.summary);
    expect(await listed()).not.toHaveProperty('imageViolations');
    // Once a snapshot is reviewed the list reads the attempt piece by piece: the same count.
    await h.client.invitations.reviewEvidence(invitationId, details.integrity.snapshots[0]!.eventId!, { outcome: 'dismissed' });
    const reviewed = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(reviewed.integrity.summary).toMatchObject({ level: 'dismissed', imageViolations: 3, snapshots: { dismissed: 1, unreviewed: 2 } });
    expect((await listed()).integrity).toEqual(reviewed.integrity.summary);
  });
});
