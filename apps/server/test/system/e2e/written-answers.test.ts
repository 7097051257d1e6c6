/**
 * Issue 32's written answers on the candidate page, in a real headless Chromium: a keyboard-only candidate takes the
 * shipped example with all five question types (examples/tests/backend-written-screen.json, imported through the
 * API), answers the two short answers and the essay by typing, watches the essay's word counter, has an essay over
 * its word limit refused by the server (its words stay in the box, and after a reload too), shortens it, reloads to
 * find every written answer saved, and submits; the report then waits for a reviewer. axe-core finds nothing at WCAG
 * 2.2 A/AA on the written questions, within and over the limit.
 *
 * No mouse: every step is Tab, Shift+Tab, Enter, Space or typing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import { countWords } from '@assay/domain/candidate';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo, typeCode } from './page-helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../../../../examples/tests/backend-written-screen.json', import.meta.url));
const definition = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as TestDefinitionInput;

const ESSAY_START = "I would measure first: compare a trace of a slow request with a fast one, and don't change anything yet.";
/** 150 words more than the start: well over the example's limit of 150. */
const ESSAY_PADDING = Array.from({ length: 150 }, (_, index) => `step${index}`).join(' ');
const ESSAY_FINAL = 'Measure first with traces; then check the slow queries, lock waits and the connection pool.';

describe('written answers on the candidate page, keyboard only (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** The example's question ids in page order: two choices, two short answers, the essay, the coding task. */
  const sixQuestions = async (testId: number) => {
    const ids = await b.questionIds(testId);
    expect(ids).toHaveLength(6);
    return ids as [number, number, number, number, number, number];
  };

  /** The essay's counter, its box's refusal line and the page's save status, as shown. */
  const shown = (page: Page, questionId: number) => ({
    counter: () => page.getByTestId(`word-count-${questionId}`).textContent(),
    refusal: () => page.getByTestId(`answer-refusal-${questionId}`).textContent(),
    box: () => page.getByTestId(`answer-box-${questionId}`).inputValue(),
    status: () => page.getByTestId('save-status').textContent(),
  });

  it('takes the five-type example: counted words, an essay over its limit refused and kept, answers saved across reloads', async () => {
    const { testId } = await b.client.tests.import(definition);
    const registration = await b.client.invitations.register(testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    const token = new URL(registration.takeTestURL).pathname.split('/').at(-1)!;
    const [single, multiple, keyword, hitRate, essay, coding] = await sixQuestions(testId);
    const serverAnswers = async () => (await b.client.candidate(token).session()).answers;
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });

      // --- The choices, with Space.
      await tabTo(page, `option-${single}-0`);
      await page.keyboard.press('Space');
      await tabTo(page, `option-${multiple}-0`);
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');

      // --- The short answers: one-line boxes named by their question, described by its text and hint.
      const keywordBox = page.getByTestId(`answer-box-${keyword}`);
      expect(await keywordBox.evaluate((element) => element.tagName)).toBe('INPUT');
      expect(await page.getByLabel('Your answer to Question 3').getAttribute('data-testid')).toBe(`answer-box-${keyword}`);
      expect(await keywordBox.getAttribute('aria-describedby')).toBe(`question-text-${keyword} answer-hint-${keyword} answer-refusal-${keyword}`);
      await tabTo(page, `answer-box-${keyword}`);
      await page.keyboard.type('distinct');
      // Enter in a one-line box submits nothing and leaves the answer as typed.
      await page.keyboard.press('Enter');
      await tabTo(page, `answer-box-${hitRate}`);
      await page.keyboard.type('95');

      // --- The essay: a text area with the limit in its hint and a counter that counts as the server does.
      const essayView = shown(page, essay);
      const essayBox = page.getByTestId(`answer-box-${essay}`);
      expect(await essayBox.evaluate((element) => element.tagName)).toBe('TEXTAREA');
      expect(await essayBox.getAttribute('aria-describedby')).toBe(`question-text-${essay} answer-hint-${essay} word-count-${essay} answer-refusal-${essay}`);
      expect(await page.locator(`#answer-hint-${essay}`).textContent()).toBe('Write your answer below, in at most 150 words.');
      expect(await essayView.counter()).toBe('0 / 150 words');
      await tabTo(page, `answer-box-${essay}`);
      await page.keyboard.type(ESSAY_START);
      expect(countWords(ESSAY_START)).toBe(20);
      expect(await essayView.counter()).toBe('20 / 150 words');
      await expect.poll(essayView.status).toBe('Saved');
      // Within the limit, nothing is announced about the count.
      expect(await page.getByTestId(`word-news-${essay}`).textContent()).toBe('');
      expect(await serverAnswers()).toMatchObject({
        [String(keyword)]: { text: 'distinct' },
        [String(hitRate)]: { text: '95' },
        [String(essay)]: { text: ESSAY_START },
      });
      await expectAccessible(page, 'written questions');

      // --- Over the limit: shown and announced at once; the server refuses it and says why; the text stays.
      const tooLong = `${ESSAY_START} ${ESSAY_PADDING}`;
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.insertText(` ${ESSAY_PADDING}`);
      expect(await essayView.counter()).toBe('170 / 150 words: 20 over the limit');
      expect(await essayBox.getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() => page.getByTestId(`word-news-${essay}`).textContent())
        .toBe('170 of 150 words: over the word limit. Shorten your answer to save it.');
      const refusal = 'This answer has 170 words; this question takes at most 150. Shorten it to save it.';
      await expect.poll(essayView.refusal).toBe(refusal);
      expect(await essayView.status()).toBe(`Not saved: ${refusal}`);
      expect(await essayView.box()).toBe(tooLong);
      expect(await focused(page)).toMatchObject({ testId: `answer-box-${essay}` });
      expect((await serverAnswers())[String(essay)]).toMatchObject({ text: ESSAY_START });
      await expectAccessible(page, 'an essay over its word limit');

      // --- A reload keeps the refused words in the box (they were never saved: the server says so again).
      await page.reload();
      await essayBox.waitFor({ state: 'visible' });
      expect(await essayView.box()).toBe(tooLong);
      await expect.poll(essayView.refusal).toBe(refusal);
      expect(await essayView.counter()).toBe('170 / 150 words: 20 over the limit');

      // --- Shortened: back within the limit (announced), saved, the refusal gone.
      await tabTo(page, `answer-box-${essay}`);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await expect.poll(() => page.getByTestId(`word-news-${essay}`).textContent()).toBe('0 of 150 words: within the word limit again.');
      expect(await essayBox.getAttribute('aria-invalid')).toBeNull();
      await page.keyboard.type(ESSAY_FINAL);
      expect(await essayView.counter()).toBe(`${countWords(ESSAY_FINAL)} / 150 words`);
      await expect.poll(essayView.status).toBe('Saved');
      expect(await essayView.refusal()).toBe('');
      expect((await serverAnswers())[String(essay)]).toMatchObject({ text: ESSAY_FINAL });

      // --- Every written answer comes back after a reload, from the server.
      await page.reload();
      await essayBox.waitFor({ state: 'visible' });
      expect(await page.getByTestId(`answer-box-${keyword}`).inputValue()).toBe('distinct');
      expect(await page.getByTestId(`answer-box-${hitRate}`).inputValue()).toBe('95');
      expect(await essayView.box()).toBe(ESSAY_FINAL);
      expect(await essayView.refusal()).toBe('');
      await expectAccessible(page, 'written questions after a reload');

      // --- The coding task, then submit: all six questions answered; the essay waits for a reviewer.
      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      await page.getByTestId(`code-editor-${coding}`).locator('.cm-content').waitFor({ state: 'visible' });
      await typeCode(page, coding, 'def dedupe(ids):\n    return list(dict.fromkeys(ids))\n');
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await tabTo(page, 'submit-button', { back: true });
      await page.keyboard.press('Enter');
      await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
      expect(await page.getByTestId('submit-summary').textContent()).toBe('You have answered 6 of 6 questions. Every question has an answer.');
      await tabTo(page, 'confirm-submit');
      await page.keyboard.press('Enter');
      await page.getByTestId('thank-you').waitFor({ state: 'visible' });
      await b.drainWorker();
      const report = await b.report(registration.testInvitationId);
      expect(report).toMatchObject({ testStatus: 'Completed', reportStatus: 'In progress' });
      // The browser logs each refused request (the over-limit essay, before and after the reload); nothing else failed.
      expect(errors.filter((error) => !error.includes('status of 400 (Bad Request)'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('at 320 px (400% zoom of a 1280 px window): the written boxes reflow, over the limit too, and axe finds nothing', async () => {
    const { testId } = await b.client.tests.import({ ...definition, testName: `${definition.testName} at 320 px` });
    const registration = await b.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    const [, , keyword, , essay] = await sixQuestions(testId);
    const { context, page, errors } = await b.openPage({ viewport: { width: 320, height: 640 } });
    const overflow = () => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`answer-box-${essay}`).waitFor({ state: 'visible' });
      await tabTo(page, `answer-box-${keyword}`);
      await page.keyboard.type('SELECT DISTINCT');
      await tabTo(page, `answer-box-${essay}`);
      await page.keyboard.insertText(`${ESSAY_START} ${ESSAY_PADDING}`);
      await expect.poll(() => page.getByTestId(`answer-refusal-${essay}`).textContent()).toMatch(/^This answer has 170 words/);
      expect(await overflow()).toBe(0);
      const box = (await page.getByTestId(`answer-box-${essay}`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      await expectAccessible(page, 'written questions at 320 px, an essay over its limit');
      expect(errors.filter((error) => !error.includes('status of 400 (Bad Request)'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
