/**
 * Issue 33 item 3, in a real headless Chromium: a reminder's unsubscribe page confirms with one keypress (its one
 * button has the focus, Enter sends it), axe-core finds nothing at WCAG 2.2 A/AA on the question, the confirmation and
 * the page of a link that is not valid, and the candidate is unsubscribed.
 */
import { REPORT_URL_KEY_SETTING, newReportUrlKey, unsubscribeToken } from '@assay/delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused } from './page-helpers.js';

describe('the unsubscribe page, keyboard only', () => {
  let b: BrowserHarness;
  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(() => b?.close());

  it('asks, confirms on Enter, and stops the reminders; a forged link says it is not valid', async () => {
    const { testId } = await b.client.tests.import(sampleDefinition);
    await b.client.invitations.register(testId, { emailId: 'quiet@example.com', fullName: 'Quiet Candidate' });
    const row = await b.store.db.selectFrom('candidates').select('id').where('email', '=', 'quiet@example.com').executeTakeFirstOrThrow();
    const token = unsubscribeToken(await b.store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey), row.id);
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(`${b.baseUrl}/unsubscribe/${token}`);
      await expect.poll(() => page.locator('h1').textContent()).toContain('Stop reminders about');
      expect((await focused(page)).tag).toBe('BUTTON');
      await expectAccessible(page, 'unsubscribe: the question');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Reminders stopped');
      await expectAccessible(page, 'unsubscribe: done');
      expect((await b.store.reminders.candidate(row.id))?.unsubscribed).toBe(true);
      // No script error, no CSP violation (the 404 below is logged by Chromium as a failed load, and is meant).
      expect(errors).toEqual([]);

      const forged = await page.goto(`${b.baseUrl}/unsubscribe/${row.id}.${'A'.repeat(43)}`);
      expect(forged?.status()).toBe(404);
      await expectAccessible(page, 'unsubscribe: not valid');
    } finally {
      await context.close();
    }
  });
});
