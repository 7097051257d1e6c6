/**
 * The candidate's integrity, in a real headless Chromium: a keyboard-only candidate who Tabs through the
 * whole page (past its last control), opens and closes the submit dialog and reloads is never counted as
 * leaving; the camera's first photo is stored as the attempt starts; the same invitation open in two tabs
 * says so in both; and a candidate whose last answers could not reach the server before the time ran out is
 * told so, not that everything was submitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { realFocus, startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { tabTo } from './page-helpers.js';

/** Late saves are taken for 2 s here (60 s by default), so the test can outwait them. */
const GRACE_MS = 2_000;

describe('integrity in a real browser (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness({ ASSAY_ANSWER_GRACE_MS: String(GRACE_MS) });
    ({ testId } = await b.client.tests.import(sampleDefinition));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('keyboard navigation, the submit dialog and a reload leave wv at 0; the first photo is stored at the start', async () => {
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Proctored', accessTime: 0, imageProctoring: 1 });
    const registration = await b.client.testLinks.register(testId, link.testLinkId, {
      emailId: 'keys@example.com',
      fullName: 'Kay Board',
    });
    const invitationId = registration.testInvitationId;
    const { context, page, errors } = await b.openPage({ permissions: ['camera'] });
    try {
      await page.goto(registration.testUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      const restoreFocus = await realFocus(context, page);
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });

      // The photo "at start" is taken once the attempt runs, not a minute later.
      const snapshots = () => b.store.db.selectFrom('snapshots').select('id').where('invitation_id', '=', invitationId).execute();
      await expect.poll(async () => (await snapshots()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

      // Round and round the page, both ways: past the last control focus leaves for the browser's own UI.
      for (let press = 0; press < 80; press += 1) await page.keyboard.press('Tab');
      for (let press = 0; press < 40; press += 1) await page.keyboard.press('Shift+Tab');
      await tabTo(page, 'submit-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('cancel-submit').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.getByTestId('cancel-submit').waitFor({ state: 'detached' });

      await page.reload();
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      // The reloaded page says it is back (its second 'returned'); a second more for anything the reload sent late.
      const returned = () =>
        b.store.db.selectFrom('attempt_events').select('id').where('invitation_id', '=', invitationId).where('kind', '=', 'returned').execute();
      await expect.poll(async () => (await returned()).length, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(1_000);
      expect(await b.report(invitationId)).toMatchObject({ wv: 0, tv: 0 });
      expect(errors).toEqual([]);
      // Only now: handing focus back to the browser's emulation blurs the page, which is a departure the page reports
      // (a real one in a real window), and would race the report read above.
      await restoreFocus();
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the same invitation open in two tabs: both say so, and the notice goes with the other tab', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'two@example.com', fullName: 'Two Tabs' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('other-tab-notice').isVisible()).toBe(false);
      const second = await context.newPage();
      await second.goto(registration.takeTestURL);
      await second.getByTestId('submit-button').waitFor({ state: 'visible' });
      for (const tab of [page, second]) {
        await expect.poll(() => tab.getByTestId('other-tab-notice').textContent()).toMatch(/^This test is also open in another tab or window\./);
        expect(await tab.getByTestId('other-tab-notice').getAttribute('role')).toBe('alert');
      }
      await second.close({ runBeforeUnload: true });
      await expect.poll(() => page.getByTestId('other-tab-notice').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('answers that could not be saved before the time ran out are named on the finish page', async () => {
    const registration = await b.client.invitations.register(testId, {
      emailId: 'offline@example.com',
      fullName: 'Off Line',
    });
    const [single] = await b.questionIds(testId);
    const { context, page } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').click();
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });
      // The time is nearly up (set in the database, then picked up by a reload).
      const deadline = Date.now() + 6_000;
      await b.store.db.updateTable('invitations').set({ deadline_at: deadline }).where('id', '=', registration.testInvitationId).execute();
      await page.reload();
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });

      await context.setOffline(true);
      await page.getByTestId(`option-${single}-1`).check();
      await page.waitForTimeout(deadline + GRACE_MS + 1_500 - Date.now());
      await context.setOffline(false);

      const thanks = page.getByTestId('thank-you');
      await thanks.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await thanks.getAttribute('data-reason')).toBe('timeUp');
      expect(await page.getByTestId('not-saved-message').textContent()).toMatch(/did not reach us in time/);
      expect(await page.getByTestId('not-saved-list').textContent()).toBe('Question 1');
      expect(await thanks.textContent()).not.toContain('your answers have been submitted');
      expect(await b.store.attempts.answers(registration.testInvitationId)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
