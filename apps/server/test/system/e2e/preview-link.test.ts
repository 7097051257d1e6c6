/**
 * Issue 62 item 3's preview link, in a real headless Chromium: an author opens the link of a test the org has and takes
 * it with the keyboard only, landing to submit, under a banner that says nothing is recorded on every stage; axe-core
 * finds nothing at WCAG 2.2 A/AA; afterwards the org's test still has no invitation, and reloading starts over.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, submitByKeyboard, tabTo } from './page-helpers.js';

const definition: TestDefinitionInput = {
  testName: 'Previewed screen',
  sections: [
    {
      sectionName: 'Basics',
      sectionType: 'general',
      duration: 10,
      questions: [
        {
          type: 'single_choice',
          text: 'Which HTTP status means "not found"?',
          options: [
            { text: '200', correct: false },
            { text: '404', correct: true },
          ],
        },
      ],
    },
  ],
};

const BANNER = 'Preview — nothing you do here is recorded';

describe('a preview link on the candidate page, keyboard only (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  const bannerText = (page: Page) => page.getByRole('complementary', { name: BANNER }).textContent();

  it('takes the test from landing to submit under the banner, and the org still has no invitation', async () => {
    const { testId } = await b.client.tests.import(definition);
    const { previewUrl } = await b.client.tests.previewOf(testId);
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(previewUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      expect(await bannerText(page)).toContain('Reloading the page starts over at the landing');
      // Nothing to notify about: no data notice, and the rules say nothing is kept.
      expect(await page.getByTestId('data-notice').count()).toBe(0);
      expect(await page.getByTestId('landing-rules').textContent()).toContain('This is a preview: your answers, runs and departures');
      await expectAccessible(page, 'the landing of a preview');

      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('start-button').waitFor({ state: 'detached' });
      const radio = page.locator('[data-testid^="option-"]').first();
      await radio.waitFor({ state: 'visible' });
      expect(await bannerText(page)).toContain(BANNER);
      await tabTo(page, (now) => (now.testId ?? '').startsWith('option-'));
      const first = (await focused(page)).testId!;
      await page.keyboard.press('Space');
      expect(await page.getByTestId(first).isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await expectAccessible(page, 'a running preview');

      await submitByKeyboard(page, { back: true });
      expect(await bannerText(page)).toContain(BANNER);
      await expectAccessible(page, 'the end of a preview');

      // Nothing was kept: the page loaded again is the landing.
      await page.reload();
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await b.drainWorker();
    expect((await b.client.invitations.list(testId)).invitations).toEqual([]);
    expect(await b.client.invitations.summary(testId)).toMatchObject({ invitationsCount: 0 });
  }, 180_000);
});
