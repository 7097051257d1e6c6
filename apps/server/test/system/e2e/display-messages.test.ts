/**
 * Issue 52's display-message settings in a real headless Chromium, keyboard only (decisions 965–968): the section-end
 * popup asks before leaving a section and names what is unanswered (focus on going on, Esc stays, the focus comes
 * back); the time-left alerts follow `sectionTimeLeftAlert` on the server's clock; after the test the candidate is
 * asked for feedback once (a rating and words, Esc skips), and the report shows it. axe finds nothing at each step.
 */
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinition, TestSettings } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Messages',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Basics',
      sectionType: 'general',
      duration: 10,
      questions: [
        { type: 'short_answer', text: 'Name a sorting algorithm.', marks: 1, acceptedAnswers: [{ answer: 'quicksort', match: 'text' }] },
        { type: 'short_answer', text: 'Name a search algorithm.', marks: 1, acceptedAnswers: [{ answer: 'binary search', match: 'text' }] },
      ],
    },
    {
      sectionName: 'More',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'short_answer', text: 'Name a data structure.', marks: 1, acceptedAnswers: [{ answer: 'heap', match: 'text' }] }],
    },
  ],
};

type Messages = TestSettings['displayMessageSettings'];

describe('display-message settings in a real browser (Chromium)', () => {
  let b: BrowserHarness;
  let orgId: number;

  /** A test of its own with these display messages. */
  const testWith = async (messages: Messages): Promise<number> => {
    const { testId } = await b.client.tests.import(definition);
    orgId = (await b.store.db.selectFrom('tests').select('org_id').where('id', '=', testId).executeTakeFirstOrThrow()).org_id;
    const current = (await b.store.testSettings.get(orgId, testId))!;
    await b.store.testSettings.put(orgId, testId, { ...current, displayMessageSettings: messages });
    return testId;
  };

  const started = async (testId: number, emailId: string) => {
    const registration = await b.client.invitations.register(testId, { emailId, fullName: 'Kay Board' });
    const opened = await b.openPage();
    await opened.page.goto(registration.takeTestURL);
    await opened.page.getByTestId('start-button').waitFor({ state: 'visible' });
    await tabTo(opened.page, 'start-button');
    await opened.page.keyboard.press('Enter');
    await opened.page.getByTestId('submit-button').waitFor({ state: 'visible' });
    return { ...opened, invitationId: registration.testInvitationId };
  };

  const submitByKeyboard = async (page: Page) => {
    await tabTo(page, 'submit-button');
    await page.keyboard.press('Enter');
    await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
    await tabTo(page, 'confirm-submit');
    await page.keyboard.press('Enter');
    await page.getByTestId('thank-you').waitFor({ state: 'visible', timeout: 15_000 });
  };

  /** The running attempt's deadline moved to `ms` from now; the page reads it on reload, on the server's clock. */
  const deadlineIn = async (page: Page, invitationId: number, ms: number) => {
    await b.store.db
      .updateTable('invitations')
      .set({ deadline_at: Date.now() + ms })
      .where('id', '=', invitationId)
      .execute();
    await page.reload();
    await page.getByTestId('submit-button').waitFor({ state: 'visible' });
  };

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('the section-end popup names what is unanswered; Esc stays with the focus back, Enter goes on; off, no popup', async () => {
    const on = await testWith({ sectionEndPopup: true, sectionTimeLeftAlert: true, candidateFeedback: false });
    const { context, page, errors } = await started(on, 'popup@example.com');
    try {
      const dialog = page.getByTestId('section-end-dialog');
      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible' });
      expect(await page.getByTestId('section-end-text').textContent()).toBe(
        '2 of 2 questions in this section are unanswered. You can come back to it until you submit the test.',
      );
      expect(await dialog.getByRole('heading').textContent()).toBe('End of section 1: Basics');
      expect((await focused(page)).testId).toBe('section-end-go');
      await expectAccessible(page, 'the section-end popup at 1280 px');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await focused(page)).testId).toBe('next-section');
      expect(await page.locator('.section-position').textContent()).toBe('Section 1 of 2');

      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('.section-position').textContent()).toBe('Section 2 of 2');
      await expect.poll(() => page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe('More');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const off = await testWith({ sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: false });
    const plain = await started(off, 'nopopup@example.com');
    try {
      await tabTo(plain.page, 'next-section');
      await plain.page.keyboard.press('Enter');
      await expect.poll(() => plain.page.locator('.section-position').textContent()).toBe('Section 2 of 2');
      expect(await plain.page.getByTestId('section-end-dialog').count()).toBe(0);
    } finally {
      await plain.context.close();
    }
  }, 120_000);

  it('time-left alerts at 5 minutes and 1 minute when on, read from the server; none when off', async () => {
    const on = await testWith({ sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: false });
    const alerted = await started(on, 'alert@example.com');
    try {
      const warning = alerted.page.getByTestId('timer-warning');
      await deadlineIn(alerted.page, alerted.invitationId, 4 * 60_000 + 30_000);
      await warning.waitFor({ state: 'visible' });
      expect(await warning.getAttribute('role')).toBe('alert');
      expect(await warning.textContent()).toMatch(/^4 minutes \d+ seconds left\. Your answers will be submitted automatically/);
      await deadlineIn(alerted.page, alerted.invitationId, 50_000);
      await warning.waitFor({ state: 'visible' });
      expect(await warning.textContent()).toMatch(/^Less than a minute left\./);
      await expectAccessible(alerted.page, 'the time-left alert');
    } finally {
      await alerted.context.close();
    }

    const off = await testWith({ sectionEndPopup: false, sectionTimeLeftAlert: false, candidateFeedback: false });
    const quiet = await started(off, 'quiet@example.com');
    try {
      await deadlineIn(quiet.page, quiet.invitationId, 50_000);
      await expect.poll(() => quiet.page.getByTestId('timer').textContent()).toMatch(/^0:[0-4]\d$/);
      // Ticks twice a second: several have passed under a minute, and none said anything.
      await quiet.page.waitForTimeout(1_500);
      expect(await quiet.page.getByTestId('timer-warning').isHidden()).toBe(true);
      expect(await quiet.page.getByTestId('timer-warning').textContent()).toBe('');
    } finally {
      await quiet.context.close();
    }
  }, 120_000);

  it('asks for feedback after the test: a rating and words by keyboard, once, shown in the report; Esc skips; off, not asked', async () => {
    const asking = await testWith({ sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: true });
    const { context, page, errors, invitationId } = await started(asking, 'feedback@example.com');
    try {
      await submitByKeyboard(page);
      const form = page.getByTestId('feedback');
      await form.waitFor({ state: 'visible' });
      await expectAccessible(page, 'the feedback question at 1280 px');
      await tabTo(page, 'feedback-rating-1');
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('feedback-rating-4').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect((await focused(page)).testId).toBe('feedback-text');
      await page.keyboard.type('Clear questions, fair time.');
      await tabTo(page, 'feedback-send');
      await page.keyboard.press('Enter');
      await page.getByTestId('feedback-done').waitFor({ state: 'visible' });
      expect(await page.getByTestId('feedback-done').textContent()).toBe('Thank you for your feedback.');
      expect((await focused(page)).testId).toBe('feedback-done');
      await page.setViewportSize({ width: 320, height: 640 });
      await expectAccessible(page, 'the feedback thanks at 320 px');
      // Given once: a later visit does not ask again.
      await page.reload();
      await page.getByTestId('thank-you').waitFor({ state: 'visible' });
      expect(await page.getByTestId('feedback').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const details = await b.client.reports.details(invitationId);
    expect(details.candidateFeedback).toMatchObject({ rating: 4, text: 'Clear questions, fair time.' });

    const skipper = await started(asking, 'skip@example.com');
    try {
      await submitByKeyboard(skipper.page);
      await skipper.page.getByTestId('feedback').waitFor({ state: 'visible' });
      await skipper.page.keyboard.press('Escape');
      await skipper.page.getByTestId('feedback').waitFor({ state: 'detached' });
      expect(await skipper.page.evaluate<string>('document.activeElement?.tagName ?? ""')).toBe('H1');
    } finally {
      await skipper.context.close();
    }
    expect((await b.client.reports.details(skipper.invitationId)).candidateFeedback).toBeUndefined();

    const silent = await testWith({ sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: false });
    const unasked = await started(silent, 'unasked@example.com');
    try {
      await submitByKeyboard(unasked.page);
      await unasked.page.getByTestId('next-steps').waitFor({ state: 'visible' });
      expect(await unasked.page.getByTestId('feedback').count()).toBe(0);
    } finally {
      await unasked.context.close();
    }
  }, 180_000);
});
