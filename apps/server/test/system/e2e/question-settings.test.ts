/**
 * Issue 52's question settings on the candidate page, in a real headless Chromium, keyboard only: each question's
 * marks are shown by default and gone when `showQuestionScore` is off (decision 960); a practice test says so before
 * the start and, at its end, offers to show the result once scored, then shows the score and how each question went
 * (decision 961). axe finds nothing at WCAG 2.2 A/AA, at 1280 and 320 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestSettings } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const definition: TestDefinitionInput = {
  testName: 'Settings on the page',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Basics',
      sectionType: 'general',
      duration: 10,
      questions: ['Which is a prime?', 'Which is even?'].map((text) => ({
        type: 'single_choice' as const,
        text,
        marks: 3,
        options: [
          { text: 'Two', correct: true },
          { text: 'Nine', correct: false },
        ],
      })),
    },
  ],
};

describe('question settings on the candidate page, keyboard only (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  let orgId: number;

  const settingsWith = async (change: (settings: TestSettings) => TestSettings) => {
    const current = (await b.store.testSettings.get(orgId, testId))!;
    await b.store.testSettings.put(orgId, testId, change(current));
  };
  /** Registers a candidate, opens their page and starts from the keyboard; the page is left on the first section. */
  const startedPage = async (emailId: string, fullName: string, onLanding?: (page: Page) => Promise<void>) => {
    const registration = await b.client.invitations.register(testId, { emailId, fullName });
    const opened = await b.openPage();
    await opened.page.goto(registration.takeTestURL);
    await opened.page.getByTestId('start-button').waitFor({ state: 'visible' });
    await onLanding?.(opened.page);
    await tabTo(opened.page, 'start-button');
    await opened.page.keyboard.press('Enter');
    await opened.page.getByTestId('submit-button').waitFor({ state: 'visible' });
    return { ...opened, registration };
  };

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition));
    orgId = (await b.store.db.selectFrom('tests').select('org_id').where('id', '=', testId).executeTakeFirstOrThrow()).org_id;
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('shows each question’s marks by default, and none when showQuestionScore is off', async () => {
    const shown = await startedPage('marks@example.com', 'Mark Shown');
    try {
      const marks = shown.page.getByTestId('question-marks');
      await marks.first().waitFor({ state: 'visible' });
      expect(await marks.allTextContents()).toEqual(['3 marks', '3 marks']);
      expect(shown.errors).toEqual([]);
    } finally {
      await shown.context.close();
    }

    await settingsWith((settings) => ({ ...settings, questionSettings: { ...settings.questionSettings, showQuestionScore: false } }));
    const hidden = await startedPage('nomarks@example.com', 'Nora Marks');
    try {
      await hidden.page.locator('.question-head').first().waitFor({ state: 'visible' });
      expect(await hidden.page.getByTestId('question-marks').count()).toBe(0);
      const heads = await hidden.page.locator('.question-head').allTextContents();
      expect(heads).toHaveLength(2);
      for (const head of heads) expect(head).not.toMatch(/mark/);
      await expectAccessible(hidden.page, 'questions without marks at 1280 px');
      await hidden.page.setViewportSize({ width: 320, height: 640 });
      await expectAccessible(hidden.page, 'questions without marks at 320 px');
      expect(hidden.errors).toEqual([]);
    } finally {
      await hidden.context.close();
    }
  }, 120_000);

  it('a practice test says so before the start, and at its end shows the score and how each question went', async () => {
    await settingsWith((settings) => ({ ...settings, testSettings: { ...settings.testSettings, practiceTest: true } }));
    const { page, context, errors, registration } = await startedPage('practice@example.com', 'Pat Practice', async (landing) => {
      expect(await landing.getByTestId('landing-rules').textContent()).toContain(
        'This is a practice test: when you finish, you see your score and which questions you got right.',
      );
    });
    try {
      const [first] = await b.questionIds(testId);
      // A radio group is one Tab stop; the first option ("Two", the right one) is chosen by Space.
      await tabTo(page, (now) => (now.testId ?? '').startsWith(`option-${first}-`));
      for (let step = 0; step < 2 && (await focused(page)).testId !== `option-${first}-0`; step += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await tabTo(page, 'submit-button', { back: true });
      await page.keyboard.press('Enter');
      await tabTo(page, 'confirm-submit');
      await page.keyboard.press('Enter');
      await page.getByTestId('thank-you').waitFor({ state: 'visible' });

      // Not scored yet: the page says so and offers to look again.
      expect(await page.getByTestId('practice-pending').textContent()).toBe('Your answers are being scored; this takes a moment.');
      await b.drainWorker();
      await tabTo(page, 'practice-reload');
      await page.keyboard.press('Enter');
      await page.getByTestId('practice-score').waitFor({ state: 'visible' });
      expect(await page.getByTestId('practice-score').textContent()).toBe('You scored 3 of 6 (50 %).');
      expect(await page.getByTestId('practice-questions').locator('li').allTextContents()).toEqual([
        'Question 1 (Basics): right',
        'Question 2 (Basics): not answered',
      ]);
      await expectAccessible(page, 'a practice result at 1280 px');
      await page.setViewportSize({ width: 320, height: 640 });
      await expectAccessible(page, 'a practice result at 320 px');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(await b.report(registration.testInvitationId)).toMatchObject({ reportStatus: 'Generated', score: '3' });
  }, 120_000);
});
