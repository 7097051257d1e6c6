/**
 * The server's clock decides when the time is up (decision 660), in a real headless Chromium: the browser's clock
 * jumping forward mid-test (NTP, a resumed VM, a date set by hand) makes the page ask the server, which says there is
 * time left, so nothing ends; every answer save re-syncs the countdown; and when the server's time really is up the
 * page ends the attempt as before. The countdown and its warnings run on the server's time carried by the monotonic
 * clock (issue 59): a step of the wall clock, forward or back, moves neither, and a warning is taken back when the
 * server corrects the remaining time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';

/** Minutes left on the page's countdown ("59:58" → 59). */
const minutesShown = async (page: Page): Promise<number> => Number((await page.getByTestId('timer').textContent())?.split(':')[0]);

describe('the server decides when the time is up (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness({ ASSAY_ANSWER_GRACE_MS: '2000' });
    ({ testId } = await b.client.tests.import(sampleDefinition));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  const statusOf = async (invitationId: number) =>
    (await b.store.db.selectFrom('invitations').select(['status', 'deadline_at']).where('id', '=', invitationId).executeTakeFirstOrThrow()).status;

  /** A started attempt of the 60-minute sample test, on a page whose clock the test may move. */
  const startedPage = async (emailId: string) => {
    const registration = await b.client.invitations.register(testId, { emailId, fullName: 'Clock Jumper' });
    const opened = await b.openPage();
    await opened.page.clock.install();
    await opened.page.goto(registration.takeTestURL);
    await opened.page.getByTestId('start-button').click();
    await opened.page.getByTestId('submit-button').waitFor({ state: 'visible' });
    await expect.poll(() => minutesShown(opened.page)).toBeGreaterThanOrEqual(58);
    return { ...opened, invitationId: registration.testInvitationId };
  };

  it("a browser clock jumping past the deadline ends nothing: the countdown runs on the server's time", async () => {
    const { context, page, errors, invitationId } = await startedPage('jump@example.com');
    try {
      // Three hours on: by this machine's wall clock the 60 minutes are long gone.
      await page.clock.setSystemTime(Date.now() + 3 * 3_600_000);
      await page.waitForTimeout(2_000);
      expect(await page.getByText('Time is up').count()).toBe(0);
      expect(await page.getByTestId('thank-you').count()).toBe(0);
      expect(await statusOf(invitationId)).toBe('In progress');
      // The countdown follows the server: still about an hour.
      expect(await minutesShown(page)).toBeGreaterThanOrEqual(58);
      expect(await page.getByTestId('submit-button').isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('an answer save re-syncs the countdown after the page ran ahead of the server', async () => {
    const { context, page, errors, invitationId } = await startedPage('resync@example.com');
    const [single] = await b.questionIds(testId);
    try {
      // Twenty minutes pass on the page's own clocks (wall and monotonic) but not on the server's.
      await page.clock.fastForward('20:00');
      await expect.poll(() => minutesShown(page)).toBeLessThanOrEqual(40);
      await page.getByTestId(`option-${single}-1`).check();
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await expect.poll(() => minutesShown(page)).toBeGreaterThanOrEqual(58);
      expect(await statusOf(invitationId)).toBe('In progress');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a step of the wall clock, forward to the last minute or back, moves neither the countdown nor its warnings (issue 59)', async () => {
    const { context, page, errors } = await startedPage('step@example.com');
    const warning = page.getByTestId('timer-warning');
    try {
      // 59½ minutes on: by this machine's wall clock less than a minute is left.
      await page.clock.setSystemTime(Date.now() + 59.5 * 60_000);
      await page.waitForTimeout(2_000);
      expect(await warning.isVisible()).toBe(false);
      expect(await minutesShown(page)).toBeGreaterThanOrEqual(58);
      // And back, well before the start.
      await page.clock.setSystemTime(Date.now() - 30 * 60_000);
      await page.waitForTimeout(2_000);
      expect(await warning.isVisible()).toBe(false);
      expect(await minutesShown(page)).toBeGreaterThanOrEqual(58);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a last-minute warning is taken back when the server corrects the remaining time (issue 59)', async () => {
    const { context, page, errors, invitationId } = await startedPage('corrected@example.com');
    const warning = page.getByTestId('timer-warning');
    try {
      // The page's clocks run 59½ minutes ahead of the server's: it warns, as its timer shows half a minute.
      await page.clock.fastForward('59:30');
      await expect.poll(() => warning.textContent()).toMatch(/^Less than a minute left/);
      expect(await warning.isVisible()).toBe(true);
      // At zero the page asks the server, which says almost an hour is left: the timer and the warning follow it.
      await page.clock.fastForward('00:45');
      await expect.poll(() => minutesShown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(58);
      await expect.poll(() => warning.isVisible()).toBe(false);
      expect(await page.getByText('Less than a minute left').count()).toBe(0);
      expect(await statusOf(invitationId)).toBe('In progress');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('when the server says the time is up, the page ends the attempt as before', async () => {
    const { context, page, errors, invitationId } = await startedPage('really@example.com');
    try {
      // The time is nearly up by the server's clock (set in the database, then picked up by a reload).
      await b.store.db
        .updateTable('invitations')
        .set({ deadline_at: Date.now() + 4_000 })
        .where('id', '=', invitationId)
        .execute();
      await page.reload();
      const thanks = page.getByTestId('thank-you');
      await thanks.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await thanks.getAttribute('data-reason')).toBe('timeUp');
      expect(await statusOf(invitationId)).toBe('Completed');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
