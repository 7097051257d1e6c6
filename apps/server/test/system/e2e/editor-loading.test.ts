/**
 * The code editor's chunk (CodeMirror) on a bad connection (decision 662), in a real headless Chromium: it is fetched
 * as the test starts, before any coding section opens; while it cannot be fetched the coding question has a plain-text
 * box that keeps, saves and submits the candidate's code; when the connection comes back (the browser's `online`), or
 * the section is opened again, the editor is fetched again and takes the box's place with the code. axe-core finds
 * nothing at WCAG 2.2 A/AA with the box at 1280 and 320 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUM_SOLUTION } from '../../helpers/candidate.js';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

const EDITOR_CHUNK = /\/assets\/editor-[^/]+\.js$/;

describe('the code editor on a bad connection (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  let coding: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(sampleDefinition));
    [, , coding] = (await b.questionIds(testId)) as [number, number, number];
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  /** A started attempt whose page cannot fetch the editor's chunk; answers the undo. */
  const startedWithoutEditor = async (
    emailId: string,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[]; invitationId: number; restore: () => Promise<void> }> => {
    const registration = await b.client.invitations.register(testId, { emailId, fullName: 'Spotty Line' });
    const opened = await b.openPage();
    const failing = (route: { abort(code: string): Promise<void> }) => route.abort('internetdisconnected');
    await opened.page.route(EDITOR_CHUNK, failing);
    await opened.page.goto(registration.takeTestURL);
    const fetched = opened.page.waitForEvent('requestfailed', (request) => EDITOR_CHUNK.test(request.url()));
    await opened.page.getByTestId('start-button').click();
    // Fetched (and failed) at the start, while the first section (choices) is on screen.
    await fetched;
    await opened.page.getByTestId('submit-button').waitFor({ state: 'visible' });
    return { ...opened, invitationId: registration.testInvitationId, restore: () => opened.page.unroute(EDITOR_CHUNK, failing) };
  };

  const savedCode = async (invitationId: number) => (await b.store.attempts.answers(invitationId)).find((answer) => answer.questionId === coding)?.answer;

  it('a plain-text box keeps and saves the code; back online, the editor takes its place with the code; it is submitted', async () => {
    const { context, page, errors, invitationId, restore } = await startedWithoutEditor('online@example.com');
    try {
      await page.getByTestId('section-tab-1').click();
      const box = page.getByTestId(`code-fallback-${coding}`);
      await box.waitFor({ state: 'visible' });
      expect(await box.inputValue()).toBe('function sum(numbers) {\n  // your code\n}\n');
      expect(await page.getByTestId(`code-fallback-notice-${coding}`).textContent()).toMatch(
        /^The code editor could not be loaded, so this is a plain text box/,
      );
      expect(await page.getByLabel('Your code for question 3').getAttribute('data-testid')).toBe(`code-fallback-${coding}`);
      await expectAccessible(page, 'coding question with the plain-text box at 1280px');
      await page.setViewportSize({ width: 320, height: 640 });
      await expectAccessible(page, 'coding question with the plain-text box at 320px');
      await page.setViewportSize({ width: 1280, height: 800 });

      await box.fill(SUM_SOLUTION);
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      expect(await savedCode(invitationId)).toMatchObject({ code: SUM_SOLUTION });

      // The connection comes back: the browser says so, and the editor is fetched again.
      await restore();
      await context.setOffline(true);
      await context.setOffline(false);
      const editor = page.getByTestId(`code-editor-${coding}`).locator('.cm-content');
      await editor.waitFor({ state: 'visible', timeout: 15_000 });
      expect((await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(SUM_SOLUTION.replace(/\s+/g, ' ').trim());
      expect(await box.count()).toBe(0);

      await page.getByTestId('submit-button').click();
      await page.getByTestId('confirm-submit').click();
      await page.getByTestId('thank-you').waitFor({ state: 'visible' });
      expect(await savedCode(invitationId)).toMatchObject({ code: SUM_SOLUTION });
      expect(errors.filter((error) => !error.includes('editor-') && !error.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('opening the coding section again fetches the editor again', async () => {
    const { context, page, restore } = await startedWithoutEditor('reopen@example.com');
    try {
      await page.getByTestId('section-tab-1').click();
      await page.getByTestId(`code-fallback-${coding}`).waitFor({ state: 'visible' });
      await restore();
      await page.getByTestId('section-tab-0').click();
      await page.getByTestId('section-tab-1').click();
      await page.getByTestId(`code-editor-${coding}`).locator('.cm-content').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByTestId(`code-fallback-${coding}`).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 90_000);
});
