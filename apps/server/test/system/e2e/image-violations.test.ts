/**
 * Issue 52's image rule in a real headless Chromium, keyboard only (decisions 971–975): with terminate after 2 image
 * violations, the fake camera's moving picture is never counted, nor is a reload; the camera taken away (its track ended, as when the
 * permission is revoked) is counted and warned about; a snapshot that shows nothing, sent by the page's own snapshot
 * path when the camera is restarted, is counted and warned about as the last allowed one; the next loss ends the test
 * with an honest end screen. v2 reads it as decided, /details names the image limit. axe finds nothing.
 */
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Camera rules',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Words',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'short_answer', text: 'Name a sorting algorithm.', marks: 1, acceptedAnswers: [{ answer: 'quicksort', match: 'text' }] }],
    },
  ],
};

/** The camera taken away as the browser does it: the track stops and fires `ended` (stop() alone fires nothing). */
const takeCameraAway = (page: Page) =>
  page.evaluate(`(() => {
    const track = document.querySelector('[data-testid="camera-preview"] video').srcObject.getVideoTracks()[0];
    track.stop();
    track.dispatchEvent(new Event('ended'));
  })()`);

/** From now on the page's snapshots show nothing: every frame it draws comes out black, as from a covered lens. */
const coverLens = (page: Page) =>
  page.evaluate(`(() => {
    CanvasRenderingContext2D.prototype.drawImage = function () {
      this.fillStyle = '#000';
      this.fillRect(0, 0, this.canvas.width, this.canvas.height);
    };
  })()`);

describe('image violations in a real browser (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('terminate after 2 image violations: warned after each, explicitly before the last allowed, ended on the third and told why', async () => {
    const { testId } = await b.client.tests.import(definition);
    const orgId = (await b.store.db.selectFrom('tests').select('org_id').where('id', '=', testId).executeTakeFirstOrThrow()).org_id;
    const settings = (await b.store.testSettings.get(orgId, testId))!;
    await b.store.testSettings.put(orgId, testId, {
      ...settings,
      imageProctoringSettings: { terminateTestOnImageViolation: true, terminateTestAfterViolationCount: 2 },
    });
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Proctored', accessTime: 0, imageProctoring: 1 });
    const registration = await b.client.testLinks.register(testId, link.testLinkId, { emailId: 'camera@example.com', fullName: 'Cam Era' });
    const invitationId = registration.testInvitationId;
    const counts = async () =>
      b.store.db.selectFrom('invitations').select(['image_violations', 'window_violations']).where('id', '=', invitationId).executeTakeFirstOrThrow();
    const snapshots = async () => (await b.store.db.selectFrom('snapshots').select('id').where('invitation_id', '=', invitationId).execute()).length;

    const { context, page, errors } = await b.openPage({ permissions: ['camera'] });
    try {
      await page.goto(registration.testUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      // The fake camera's first photo shows a moving picture: stored, never counted.
      await expect.poll(snapshots, { timeout: 15_000 }).toBe(1);
      // A reload closes the camera with the page and opens it again: no camera was lost.
      await page.reload();
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      await expect.poll(snapshots, { timeout: 15_000 }).toBe(2);
      expect((await counts()).image_violations).toBe(0);

      const warning = page.getByTestId('violation-warning');
      const warningText = page.getByTestId('violation-warning-text');
      await takeCameraAway(page);
      await warning.waitFor({ state: 'visible' });
      expect(await warningText.textContent()).toBe(
        'Your camera showed nothing or was turned off: this is counted (1 of 2 allowed). More than twice ends your test.',
      );
      expect((await focused(page)).testId).toBe('violation-warning-ok');
      await expectAccessible(page, 'the camera warning');
      await page.keyboard.press('Enter');
      await warning.waitFor({ state: 'detached' });

      // Back on with the lens covered: the photo taken as the camera comes back shows nothing.
      await coverLens(page);
      await tabTo(page, 'camera-retry');
      await page.keyboard.press('Enter');
      await warning.waitFor({ state: 'visible' });
      expect(await warningText.textContent()).toBe('Your camera showed nothing or was turned off: this is counted (2 of 2 allowed). One more ends your test.');
      expect(await snapshots()).toBe(3);
      await page.keyboard.press('Escape');
      await warning.waitFor({ state: 'detached' });

      await takeCameraAway(page);
      const thanks = page.getByTestId('thank-you');
      await thanks.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await thanks.getAttribute('data-reason')).toBe('terminated');
      expect(await page.getByTestId('finish-lead').textContent()).toBe(
        'Your test was ended because the camera showed nothing or was turned off 3 times; your answers up to then were submitted.',
      );
      await expectAccessible(page, 'the end of a test the camera ended');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(await counts()).toEqual({ image_violations: 3, window_violations: 0 });
    await b.drainWorker();
    expect(await b.report(invitationId)).toMatchObject({ testStatus: 'Completed', endReason: 'terminated' });
    const details = await b.client.reports.details(invitationId);
    expect(details.status).toMatchObject({ endReason: 'terminated', terminatedBy: 'image' });
    expect(details.integrity.iv).toBe(3);
    const history = await b.client.invitations.history(invitationId);
    expect(history.entries.find((entry) => entry.kind === 'submitted')).toMatchObject({ details: { terminatedAfter: { kind: 'image', count: 3 } } });
  }, 120_000);
});
