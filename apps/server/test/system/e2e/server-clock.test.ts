/**
 * The server's clock decides when the time is up (decision 660), in a real headless Chromium: the browser's clock
 * jumping forward mid-test (NTP, a resumed VM, a date set by hand) makes the page ask the server, which says there is
 * time left, so nothing ends; every answer save re-syncs the countdown; and when the server's time really is up the
 * page ends the attempt as before.
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
    const sessionReads: string[] = [];
    opened.page.on('request', (request) => {
      if (request.method() === 'GET' && /\/candidate\/v1\/[^/]+$/.test(new URL(request.url()).pathname)) sessionReads.push(request.url());
    });
    await opened.page.goto(registration.takeTestURL);
    await opened.page.getByTestId('start-button').click();
    await opened.page.getByTestId('submit-button').waitFor({ state: 'visible' });
    await expect.poll(() => minutesShown(opened.page)).toBeGreaterThanOrEqual(58);
    return { ...opened, invitationId: registration.testInvitationId, sessionReads };
  };

  it('a browser clock jumping past the deadline asks the server, which says there is time left: nothing ends', async () => {
    const { context, page, errors, invitationId, sessionReads } = await startedPage('jump@example.com');
    try {
      const readsBefore = sessionReads.length;
      // Three hours on: by this machine's clock the 60 minutes are long gone.
      await page.clock.setSystemTime(Date.now() + 3 * 3_600_000);
      await expect.poll(() => sessionReads.length, { timeout: 10_000 }).toBeGreaterThan(readsBefore);
      await page.waitForTimeout(2_000);
      expect(await page.getByText('Time is up').count()).toBe(0);
      expect(await page.getByTestId('thank-you').count()).toBe(0);
      expect(await statusOf(invitationId)).toBe('In progress');
      // The countdown follows the server again: still about an hour.
      expect(await minutesShown(page)).toBeGreaterThanOrEqual(58);
      expect(await page.getByTestId('submit-button').isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('an answer save re-syncs the countdown after a smaller jump', async () => {
    const { context, page, errors, invitationId } = await startedPage('resync@example.com');
    const [single] = await b.questionIds(testId);
    try {
      await page.clock.setSystemTime(Date.now() + 20 * 60_000);
      // By this machine's clock 20 minutes went by: the countdown shows it until the server is heard from.
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
