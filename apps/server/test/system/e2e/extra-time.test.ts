/**
 * A candidate with an accommodation, in a real headless Chromium: the landing page's facts and rules tell the time
 * they are allowed with their extra time (the session's `allowedSeconds`), not the bare duration; axe-clean at
 * 1280 and 320 px with that text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

describe('the landing page of a candidate with extra time (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    // Sections of 10 and 20 minutes, a 30-minute test; + 25 % = 37 minutes 30 seconds: the case the issue names, with seconds to tell.
    const [fundamentals, coding] = sampleDefinition.sections;
    ({ testId } = await b.client.tests.import({
      ...sampleDefinition,
      sections: [
        { ...fundamentals!, duration: 10 },
        { ...coding!, duration: 20 },
      ],
    }));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    it(`at ${viewport.width}px the facts and the rules say 37 minutes 30 seconds, including the extra time`, async () => {
      const phone = viewport.width < 600;
      const { context, page, errors } = await b.openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      try {
        const registration = await b.client.invitations.register(testId, {
          emailId: `extra.${viewport.width}@example.com`,
          fullName: 'Ada Lovelace',
          extraTimePercent: 25,
        });
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        const told = '37 minutes 30 seconds, including your extra time';
        expect(await page.locator('.facts').textContent()).toContain(`Duration${told}`);
        expect(await page.getByTestId('landing-rules').textContent()).toContain(`The test takes ${told}.`);
        expect(await page.locator('main').textContent()).not.toContain('30 minutes');
        await expectAccessible(page, `landing with extra time at ${viewport.width}px`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
