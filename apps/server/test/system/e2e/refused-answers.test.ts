/**
 * An answer the server refused is never counted as answered (decision 661), in a real headless Chromium: an essay over
 * its word limit (refused, not saved) leaves its section tab's count and the Submit dialog's, and the dialog names it
 * with the server's words before the irreversible submit; shortened and saved, it counts again. axe-core finds
 * nothing at WCAG 2.2 A/AA in the dialog at 1280 and 320 px.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../../../../examples/tests/backend-written-screen.json', import.meta.url));
const definition = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as TestDefinitionInput;
/** 170 words: over the example essay's limit of 150. */
const TOO_LONG = Array.from({ length: 170 }, (_, index) => `word${index}`).join(' ');
const REFUSAL = 'This answer has 170 words; this question takes at most 150. Shorten it to save it.';

describe('a refused answer is not an answer (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('the section tab and the Submit dialog leave out an essay refused as over its word limit, and the dialog names it', async () => {
    const { testId } = await b.client.tests.import(definition);
    const registration = await b.client.invitations.register(testId, { emailId: 'long@example.com', fullName: 'Wordy Writer' });
    const [single, , , , essay] = await b.questionIds(testId);
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').click();
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });
      const tab = () => page.getByTestId('section-tab-0').textContent();

      await page.getByTestId(`answer-box-${essay}`).fill(TOO_LONG);
      await expect.poll(() => page.getByTestId(`answer-refusal-${essay}`).textContent()).toBe(REFUSAL);
      expect(await tab()).toContain('0/5 answered');

      await page.getByTestId('submit-button').click();
      await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
      expect(await page.getByTestId('submit-summary').textContent()).toBe('You have answered 0 of 6 questions. 6 questions are unanswered.');
      expect(await page.getByTestId('submit-refused-summary').textContent()).toBe('This answer was not saved, and does not count as answered:');
      expect(await page.getByTestId('submit-refused').textContent()).toBe(`Question 5: ${REFUSAL}`);
      await expectAccessible(page, 'submit dialog naming a refused answer at 1280px');
      await page.setViewportSize({ width: 320, height: 640 });
      await expectAccessible(page, 'submit dialog naming a refused answer at 320px');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('cancel-submit').click();
      await page.getByTestId('submit-dialog').waitFor({ state: 'detached' });

      // Shortened, it is saved and counts again; the dialog has nothing to name.
      await page.getByTestId(`answer-box-${essay}`).fill('Measure first.');
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await expect.poll(tab).toContain('1/5 answered');
      await page.getByTestId('submit-button').click();
      await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
      expect(await page.getByTestId('submit-summary').textContent()).toBe('You have answered 1 of 6 questions. 5 questions are unanswered.');
      expect(await page.getByTestId('submit-refused').count()).toBe(0);
      // The refusal itself is the browser's one logged failure.
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
