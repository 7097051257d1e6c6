/**
 * The question text format on the candidate page, in a real headless Chromium: **bold** is <strong>, `code` is
 * <code>, a fenced block a <pre>, lists are lists, an https link a link; HTML in the text (a <script>, an <img>
 * with an onerror) and a javascript: link are shown as text and never run. Axe-clean at 1280 and 320 px.
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

const QUESTION_TEXT = [
  'Which status does `GET /items/42` answer when the item is **Not Found**? *Pick one.*',
  '',
  '- a [spec](https://www.rfc-editor.org/rfc/rfc9110)',
  '- a [trap](javascript:window.__ranLink=1)',
  '',
  '```js',
  'fetch("/items/42").then((r) => r.status);',
  '```',
  '',
  '<script>window.__ranScript = 1</script><img src=x onerror="window.__ranImage = 1">',
].join('\n');

const definition: z.input<typeof TestDefinition> = {
  testName: 'Formatted questions',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'HTTP',
      sectionType: 'general',
      duration: 10,
      questions: [
        {
          type: 'single_choice',
          text: QUESTION_TEXT,
          options: [{ text: '**404** Not Found', correct: true }, { text: '`200`, with an empty body:\n\n1. headers\n2. no body' }, { text: '<b>500</b>' }],
        },
      ],
    },
  ],
};

describe('question text on the candidate page (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    it(`at ${viewport.width}px shows bold, code, lists and links as such, and HTML as text that never runs`, async () => {
      const phone = viewport.width < 600;
      const { context, page, errors } = await b.openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      try {
        const registration = await b.client.invitations.register(testId, { emailId: `format.${viewport.width}@example.com`, fullName: 'Ada Lovelace' });
        const [questionId] = await b.questionIds(testId);
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').click();
        const question = page.getByTestId(`question-${questionId}`);
        await question.waitFor({ state: 'visible' });
        const text = question.locator('.question-text');

        expect(await text.locator('strong').allTextContents()).toEqual(['Not Found']);
        expect(await text.locator('em').allTextContents()).toEqual(['Pick one.']);
        expect(await text.locator('p code').allTextContents()).toEqual(['GET /items/42']);
        expect(await text.locator('pre code').textContent()).toBe('fetch("/items/42").then((r) => r.status);');
        expect(await text.locator('ul > li').allTextContents()).toEqual(['a spec', 'a [trap](javascript:window.__ranLink=1)']);
        expect(await text.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
          'https://www.rfc-editor.org/rfc/rfc9110',
        ]);
        // The markup is the author's characters, on the page as text: no element came of it.
        expect(await text.textContent()).toContain('<script>window.__ranScript = 1</script><img src=x onerror="window.__ranImage = 1">');
        expect(await text.textContent()).not.toContain('**');
        expect(await question.locator('script, img, b').count()).toBe(0);

        const options = question.locator('.option-text');
        expect(await options.nth(0).locator('strong').textContent()).toBe('404');
        expect(await options.nth(1).locator('code').first().textContent()).toBe('200');
        expect(await options.nth(1).textContent()).toContain('1. headers');
        expect(await options.nth(2).textContent()).toBe('<b>500</b>');

        // The trap is text: clicking it goes nowhere and runs nothing.
        await question.getByText('a [trap]', { exact: false }).click();
        expect(await page.evaluate('[typeof window.__ranScript, typeof window.__ranImage, typeof window.__ranLink]')).toEqual([
          'undefined',
          'undefined',
          'undefined',
        ]);

        await expectAccessible(page, `formatted question at ${viewport.width}px`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
