import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, ReportDetails, TestLink, TestSettings } from '@assay/domain';
import { sceneFrame } from '../../../packages/reports/test/camera-frames.js';
import { candidate, manualClock, registerFor, tokenOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** The test's settings with "terminate after `limit` departures" and copy-paste as given. */
const proctored = (settings: TestSettings, limit: number, copyPaste: boolean): TestSettings => ({
  ...settings,
  windowViolationSettings: {
    copyPaste,
    displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: true, terminateTestAfterViolationCount: limit },
  },
});

type Session = CandidateSession & { violationRules: NonNullable<CandidateSession['violationRules']> };

/**
 * Issue 59 item 8: an attempt keeps the rules it started under (decision 1140). Lowering the window limit mid-test
 * ended an attempt that had been told "2 of 3 allowed"; now the limit, copy-paste, the popup and the camera are fixed
 * at the start and every later check reads the attempt's own. And a camera-proctored attempt that sent no photos says
 * so (decision 1143): "camera on, no photos received for N minutes", to review.
 */
describe.each(backends)('the rules an attempt started under, on %s', (backend) => {
  let h: Harness;
  let testId: number;
  const clock = manualClock(Math.floor(Date.now() / 1000) * 1000);
  const at = () => {
    clock.advance(1_000);
    return new Date(clock.now()).toISOString();
  };
  const settingsNow = async () => (await h.store.testSettings.get(h.org.orgId, testId))!;
  const setRules = async (limit: number, copyPaste: boolean) =>
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: proctored(await settingsNow(), limit, copyPaste) }));
  const departure = async (attempt: ReturnType<typeof candidate>) => {
    const left = expectSuccess<{ wv: number; terminated?: boolean }>(await attempt.event('left', at()));
    if (!left.terminated) expectSuccess(await attempt.event('returned', at()));
    return left;
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
  }, 120_000);
  afterAll(() => h?.close());

  it('keeps the window limit and copy-paste it started with when the settings change mid-test; a later start gets the new ones', async () => {
    await setRules(3, false);
    const { token } = await registerFor(h, testId, 'told-three@example.com');
    const attempt = candidate(h, token);
    expectSuccess(await attempt.start());
    await departure(attempt);
    await departure(attempt);
    expect(expectSuccess<Session>(await attempt.session()).violationRules).toEqual({
      windowViolationLimit: 3,
      imageViolationLimit: null,
      copyPasteAllowed: false,
      violationPopup: true,
    });

    // Two of three used; the org now allows one and copy-paste: this attempt goes on as it was told.
    await setRules(1, true);
    expect(await departure(attempt)).toEqual({ wv: 3, tv: expect.any(Number) });
    const running = expectSuccess<Session>(await attempt.session());
    expect(running).toMatchObject({ state: 'In progress', windowViolations: 3 });
    expect(running.violationRules).toMatchObject({ windowViolationLimit: 3, copyPasteAllowed: false });
    expect(await departure(attempt)).toEqual({ wv: 4, tv: expect.any(Number), terminated: true });

    // Someone who opens the link now is told, and held to, the new rules.
    const later = candidate(h, (await registerFor(h, testId, 'told-one@example.com')).token);
    expect(expectSuccess<Session>(await later.session()).violationRules).toMatchObject({ windowViolationLimit: 1, copyPasteAllowed: true });
    expectSuccess(await later.start());
    expect(await departure(later)).toEqual({ wv: 1, tv: expect.any(Number) });
    expect(await departure(later)).toEqual({ wv: 2, tv: expect.any(Number), terminated: true });
  });

  it('fixes the camera with the start: a link switched off mid-test still takes the attempt’s snapshots; the report says the camera was required', async () => {
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1 },
      }),
    );
    const register = async (emailId: string) => {
      const registered = expectSuccess<{ testInvitationId: number; testUrl: string }>(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`, body: { emailId, fullName: 'Ada Lovelace' } }),
      );
      return { invitationId: registered.testInvitationId, attempt: candidate(h, tokenOf(registered.testUrl)) };
    };
    const photographed = await register('camera-on@example.com');
    const silent = await register('camera-silent@example.com');
    expectSuccess(await photographed.attempt.start());
    expectSuccess(await silent.attempt.start());
    await h.store.db.updateTable('test_links').set({ image_proctoring: 0 }).where('id', '=', link.testLinkId).execute();

    // One photo a minute for 15 minutes from the start (the test lasts 20); the other sends none in the same 15 minutes.
    const image = `data:image/jpeg;base64,${(await sceneFrame()).toString('base64')}`;
    expect(expectSuccess<Session>(await photographed.attempt.session()).imageProctoring).toBe(true);
    for (let minute = 0; minute < 15; minute += 1) {
      expectSuccess(await photographed.attempt.snapshot(image));
      clock.advance(60_000);
    }
    expectSuccess(await photographed.attempt.submit());
    expectSuccess(await silent.attempt.submit());

    const details = async (invitationId: number) =>
      expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` })).integrity;
    const seen = await details(photographed.invitationId);
    expect(seen.camera).toEqual({ required: true, photos: 15, expectedPhotos: 16, longestGapMinutes: 1 });
    expect(seen.summary).toMatchObject({ level: 'none' });
    expect(seen.summary).not.toHaveProperty('cameraGapMinutes');

    const unseen = await details(silent.invitationId);
    expect(unseen.camera).toEqual({ required: true, photos: 0, expectedPhotos: 16, longestGapMinutes: 15 });
    expect(unseen.summary).toMatchObject({ level: 'unreviewed', cameraGapMinutes: 15 });
    // The list and the workbook count it the same (integritySummariesOf), with no review to read.
    const list = expectSuccess<{ invitations: { testInvitationId: number; integrity?: { level: string; cameraGapMinutes?: number } }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` }),
    );
    expect(list.invitations.find((row) => row.testInvitationId === silent.invitationId)?.integrity).toMatchObject({
      level: 'unreviewed',
      cameraGapMinutes: 15,
    });

    // A retention purge of the snapshots later leaves what the report says of the camera as it was.
    await h.store.retention.purgeMedia(h.org.orgId, [photographed.invitationId]);
    expect((await details(photographed.invitationId)).camera).toEqual(seen.camera);
  });

  it('a reset attempt starts again under the rules of its new start', async () => {
    await setRules(2, true);
    const { invitationId, token } = await registerFor(h, testId, 'reset@example.com');
    const attempt = candidate(h, token);
    expectSuccess(await attempt.start());
    await setRules(5, true);
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/reset` }));
    expectSuccess(await attempt.start());
    expect(expectSuccess<Session>(await attempt.session()).violationRules.windowViolationLimit).toBe(5);
  });
});
