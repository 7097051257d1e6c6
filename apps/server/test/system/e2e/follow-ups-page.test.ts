/**
 * Issue 60 item 6 in a real headless Chromium, with no model configured: the landing says follow-ups come and count in
 * the test's time; a coding answer typed and submitted is followed by two template follow-ups asked one at a time,
 * paste refused (and counted), answered from the keyboard; both are on the report's details. axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantDefinition } from '../../helpers/assistant.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, tabTo, typeCode } from './page-helpers.js';

const CODE = 'function sum(numbers) {\n  let total = 0;\n  for (const n of numbers) total += n;\n  return total;\n}';

describe('authorship follow-ups on the candidate page (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import({ ...assistantDefinition, testName: 'Follow-ups page', ai: { aiPolicy: 'none', followUps: 2 } }));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  }, 60_000);

  it('asks two follow-ups about the submitted code, refuses a paste, and shows the answers on /details', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'follow.page@example.com', fullName: 'Fay Follow' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      const notice = page.getByRole('region', { name: 'AI in this test' });
      await notice.waitFor({ state: 'visible' });
      expect(await notice.getByTestId('ai-policy').textContent()).toContain('you are asked 2 short questions about what you wrote, 2 minutes each');
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      const codingQuestion = page.locator('[data-type="coding"]').first();
      await codingQuestion.waitFor({ state: 'visible' });
      const coding = Number((await codingQuestion.getAttribute('data-testid'))!.replace('question-', ''));
      await typeCode(page, coding, CODE);
      await tabTo(page, `submit-answer-${coding}`);
      await page.keyboard.press('Enter');

      const first = page.getByTestId(`follow-up-answer-${coding}-0`);
      await first.waitFor({ state: 'visible' });
      expect(await page.getByTestId(`follow-up-${coding}-0`).locator('.follow-up-question').textContent()).toMatch(/^What does line [1-4], `.+`, do\?$/);
      expect(await page.getByTestId(`follow-up-timer-${coding}-0`).textContent()).toMatch(/^[12]:\d\d left$/);
      // A paste is refused: nothing lands in the box, and the try is counted.
      await first.focus();
      await first.dispatchEvent('paste');
      expect(await first.inputValue()).toBe('');
      await page.keyboard.type('It keeps the running total.');
      await expectAccessible(page, 'a follow-up being answered');
      await tabTo(page, `follow-up-send-${coding}-0`);
      await page.keyboard.press('Enter');

      const second = page.getByTestId(`follow-up-answer-${coding}-1`);
      await second.waitFor({ state: 'visible' });
      await second.focus();
      await page.keyboard.type('It returns 0.');
      await tabTo(page, `follow-up-send-${coding}-1`);
      await page.keyboard.press('Enter');
      await page.getByTestId(`follow-up-news-${coding}`).filter({ hasText: 'The follow-up questions are done.' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const details = await b.client.reports.details(registration.testInvitationId);
    expect(details.ai!.followUps.map((followUp) => [followUp.position, followUp.source, followUp.answer])).toEqual([
      [0, 'template', 'It keeps the running total.'],
      [1, 'template', 'It returns 0.'],
    ]);
    expect(details.ai!.followUps[0]!.pastesRefused).toBe(1);
  }, 180_000);
});
