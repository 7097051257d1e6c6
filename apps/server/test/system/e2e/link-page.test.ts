/**
 * The public link page and the page's weight, in a real headless Chromium: a candidate registers on a test
 * link, lands on the take-test page and starts; the code editor (most of the page's JavaScript) is never fetched
 * on the link or landing page, and once as the attempt starts (decision 662), not again when its section opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';

describe('the public link page in a real browser (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('registers on a link, starts, and fetches the code editor once, as the attempt starts', async () => {
    const { testId } = await b.client.tests.import(sampleDefinition);
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Open', accessTime: 0 });
    const [, , coding] = await b.questionIds(testId);
    const { context, page, errors } = await b.openPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const editorRequests = () => scripts.filter((path) => /^\/assets\/editor-[A-Z0-9]+\.js$/.test(path));
    try {
      await page.goto(`${b.baseUrl}/l/${link.testLinkAccessKey}`);
      await page.getByTestId('register-form').waitFor({ state: 'visible' });
      expect(await page.locator('h1').textContent()).toBe('Backend screening');
      expect(await page.locator('.facts').textContent()).toContain('Questions3');

      await page.getByTestId('register-name').fill('Grace Hopper');
      await page.getByTestId('register-email').fill('grace@example.com');
      await page.getByTestId('register-submit').click();
      await page.waitForURL(/\/t\/[^/]+$/);
      const start = page.getByTestId('start-button');
      await start.waitFor({ state: 'visible' });
      expect(await page.getByText('Hello Grace Hopper.').isVisible()).toBe(true);
      expect(scripts).toContain('/assets/candidate.js');
      expect(editorRequests()).toEqual([]);

      await start.click();
      await page.getByTestId('next-section').waitFor({ state: 'visible' });
      // Fetched while the first section (choices) is on screen: the connection works now.
      await expect.poll(editorRequests).toHaveLength(1);

      await page.getByTestId('next-section').click();
      await page.getByTestId(`code-editor-${coding}`).locator('.cm-content').waitFor({ state: 'visible' });
      expect(editorRequests()).toHaveLength(1);
      // Back and forth: the editor is fetched once.
      await page.getByTestId('prev-section').click();
      await page.getByTestId('next-section').click();
      expect(editorRequests()).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
