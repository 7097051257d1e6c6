/**
 * Issue 60 items 1 and 3, the candidate's side, in a real headless Chromium against a real OpenAI-compatible peer:
 * the landing tells the AI policy per section, what is recorded and whose model, and Start waits for the
 * acknowledgment, which the start records (decision 1181); a guarded chat streams beside the coding question, a code
 * block goes into the editor at the cursor with one key and is recorded; a whole solution is withheld; the model down
 * mid-test is said plainly and the answer is still saved; no panel on a choice question under guarded, in a section
 * under none, or on a test under none. Keyboard only; axe-core at 1280 and 320 px, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '@assay/testing';
import { assistantDefinition, HINT_REPLY, SUM_SOLUTION_REPLY } from '../../helpers/assistant.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const WIDTHS = [1280, 320] as const;

describe('the AI notice and the assistant on the candidate page (Chromium)', () => {
  let peer: OpenAiPeer;
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    peer = await startOpenAiPeer({ tokenChars: 6, tokenDelayMs: 5 });
    b = await startBrowserHarness({ ASSAY_AI_BASE_URL: peer.baseUrl, ASSAY_AI_MODEL: peer.model });
    ({ testId } = await b.client.tests.import(assistantDefinition));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await peer?.close();
  }, 60_000);

  const register = async (email: string) => {
    const registration = await b.client.invitations.register(testId, { emailId: email, fullName: 'Ada Assist' });
    return { url: registration.takeTestURL, token: new URL(registration.takeTestURL).pathname.split('/').at(-1)!, invitationId: registration.testInvitationId };
  };

  /** Ticks the acknowledgment and starts, from the keyboard; answers the coding question's id. */
  const acknowledgeAndStart = async (page: Page) => {
    await tabTo(page, 'ai-notice-ack');
    await page.keyboard.press('Space');
    await tabTo(page, 'start-button');
    await page.keyboard.press('Enter');
    const coding = page.locator('[data-type="coding"]').first();
    await coding.waitFor({ state: 'visible' });
    return Number((await coding.getAttribute('data-testid'))!.replace('question-', ''));
  };

  it('tells the policy per section, what is recorded and whose model; Start waits for the acknowledgment, which is recorded', async () => {
    const { url, invitationId } = await register('landing.ai@example.com');
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of WIDTHS) {
        const { context, page, errors } = await b.openPage({ colorScheme, viewport: { width, height: 800 } });
        try {
          await page.goto(url);
          const notice = page.getByRole('region', { name: 'AI in this test' });
          await notice.waitFor({ state: 'visible' });
          expect(await notice.getByTestId('ai-policy').locator('li').allTextContents()).toEqual([
            'Coding: You may use the assistant beside each question; it explains and never writes the solution.',
            'Concepts: You may use the assistant beside each question; it explains and never writes the solution.',
            'Closed book: AI assistants are not allowed: answer on your own, without ChatGPT, Copilot or any other AI tool.',
          ]);
          expect(await notice.getByTestId('ai-model').textContent()).toContain(`own model server (${peer.model} at 127.0.0.1)`);
          expect((await notice.getByTestId('ai-recorded').locator('li').allTextContents())[0]).toMatch(/recorded and shown to the hiring team/);
          expect(await page.getByTestId('start-button').isDisabled()).toBe(true);
          await expectAccessible(page, `the AI notice, ${colorScheme}, ${width} px`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    }
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(url);
      const before = Date.now();
      await acknowledgeAndStart(page);
      const snapshot = await b.store.assistant.snapshotOf(invitationId);
      expect(Date.parse(snapshot!.noticeAcknowledgedAt!)).toBeGreaterThanOrEqual(before - 1_000);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('streams a guarded chat, inserts a code block at the cursor (recorded), withholds a whole solution; keyboard only, axe-clean', async () => {
    const { url, token } = await register('chat.ai@example.com');
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(url);
      const coding = await acknowledgeAndStart(page);
      // The coding and written questions under guarded have a panel; the choice question (guarded) and the section under none none.
      const [, choice, short, essay, closed] = await b.questionIds(testId);
      expect(await page.locator('details.assistant').count()).toBe(3);
      for (const [questionId, panels] of [
        [coding, 1],
        [choice, 0],
        [short, 1],
        [essay, 1],
        [closed, 0],
      ] as const)
        expect(await page.getByTestId(`question-${questionId}`).locator('details.assistant').count(), `question ${questionId}`).toBe(panels);
      await expect.poll(() => page.getByTestId(`assistant-budget-${coding}`).textContent()).toBe('5 of 5 messages left');

      peer.setReply(() => ({ text: HINT_REPLY }));
      await tabTo(page, `assistant-input-${coding}`);
      await page.keyboard.type('Why does my sum fail on an empty list?');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('Thanks.');
      expect(await page.getByTestId(`assistant-input-${coding}`).inputValue()).toBe('Why does my sum fail on an empty list?\nThanks.');
      await page.keyboard.press('Enter');
      const log = page.getByTestId(`assistant-log-${coding}`);
      await log.getByTestId('assistant-insert').waitFor({ state: 'visible' });
      expect(await log.locator('.assistant-text').first().textContent()).toBe('Think about what the sum of no numbers is.');
      expect(await log.locator('pre code').textContent()).toBe('[].reduce((a, b) => a + b, 0) // a start value');
      expect(await page.getByTestId(`assistant-budget-${coding}`).textContent()).toBe('4 of 5 messages left');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectAccessible(page, `a guarded reply, ${colorScheme}, ${width} px`);
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: 'light' });

      await tabTo(page, 'assistant-insert');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await b.client.candidate(token).assistant.conversation(coding)).messages[0]?.insertions).toBe(1);
      await expect
        .poll(async () => {
          const saved = (await b.client.candidate(token).session()).answers[String(coding)];
          return saved && 'code' in saved ? String(saved.code) : '';
        })
        .toContain('[].reduce((a, b) => a + b, 0) // a start value');

      peer.setReply(() => ({ text: SUM_SOLUTION_REPLY }));
      await tabTo(page, `assistant-input-${coding}`, { back: true });
      await page.keyboard.type('Just write sum for me.');
      await page.keyboard.press('Enter');
      const withheld = log.getByTestId('assistant-withheld');
      await withheld.waitFor({ state: 'visible' });
      expect(await withheld.textContent()).toMatch(/withheld/);
      expect(await log.textContent()).not.toContain('numbers.reduce');
      expect(await log.getByTestId('assistant-insert').count()).toBe(1);
      expect(await focused(page)).toMatchObject({ testId: `assistant-input-${coding}` });

      // A reload shows the conversation as the server kept it: the answered reply insertable, the withheld one's sentence.
      await page.reload();
      const restored = page.getByTestId(`assistant-log-${coding}`);
      await restored.getByTestId('assistant-withheld').waitFor({ state: 'visible' });
      expect(await restored.locator('.assistant-mine').allTextContents()).toEqual([
        'YouWhy does my sum fail on an empty list?\nThanks.',
        'YouJust write sum for me.',
      ]);
      expect(await restored.getByTestId('assistant-insert').count()).toBe(1);
      expect(await page.getByTestId(`assistant-budget-${coding}`).textContent()).toBe('3 of 5 messages left');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('stops a reply with Escape; says plainly that the model is not answering when it goes down mid-test, and the answer is still saved', async () => {
    const { url, token } = await register('down.ai@example.com');
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(url);
      const coding = await acknowledgeAndStart(page);
      // A slow reply, stopped from the keyboard while it streams: the server keeps the message as cancelled.
      peer.setReply(() => ({ text: 'Consider the loop. '.repeat(60) }));
      peer.setDelays({ firstTokenDelayMs: 0, tokenDelayMs: 200 });
      await tabTo(page, `assistant-input-${coding}`);
      await page.keyboard.type('Explain slowly.');
      await page.keyboard.press('Enter');
      await page.getByTestId(`assistant-log-${coding}`).locator('.assistant-text').waitFor({ state: 'visible' });
      expect(await page.getByTestId(`assistant-stop-${coding}`).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      const status = page.getByTestId(`assistant-status-${coding}`);
      await expect.poll(() => status.textContent()).toBe('Stopped. Your message is kept; you can ask again.');
      expect(await page.getByTestId(`assistant-stop-${coding}`).isHidden()).toBe(true);
      await expect.poll(async () => (await b.client.candidate(token).assistant.conversation(coding)).messages[0]?.state).toBe('cancelled');
      peer.setDelays({ firstTokenDelayMs: 0, tokenDelayMs: 5 });

      await peer.close();
      await tabTo(page, `assistant-input-${coding}`);
      await page.keyboard.type('Are you there?');
      await page.keyboard.press('Enter');
      // The server's sentence for a model that does not answer, word for word: plain, and the test goes on.
      await expect
        .poll(() => status.textContent(), { timeout: 60_000 })
        .toBe('The assistant could not answer just now (its model is unavailable); try again later. Your test goes on and nothing is lost.');
      await page.getByTestId(`code-editor-${coding}`).locator('.cm-content').click();
      await page.keyboard.type('// still here');
      await expect
        .poll(async () => {
          const saved = (await b.client.candidate(token).session()).answers[String(coding)];
          return saved && 'code' in saved ? String(saved.code) : '';
        })
        .toContain('// still here');
      expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a test under policy none (Chromium)', () => {
  let b: BrowserHarness;
  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  }, 60_000);

  it('says AI is not allowed, asks no acknowledgment and shows no panel', async () => {
    const { testId } = await b.client.tests.import({ ...assistantDefinition, ai: { aiPolicy: 'none' }, sections: assistantDefinition.sections.slice(0, 1) });
    const registration = await b.client.invitations.register(testId, { emailId: 'none.ai@example.com', fullName: 'No Assist' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      const notice = page.getByRole('region', { name: 'AI in this test' });
      await notice.waitFor({ state: 'visible' });
      expect(await notice.getByTestId('ai-policy').textContent()).toBe(
        'AI assistants are not allowed: answer on your own, without ChatGPT, Copilot or any other AI tool.',
      );
      expect(await page.getByTestId('ai-notice-ack').count()).toBe(0);
      await expectAccessible(page, 'the AI notice under none');
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.locator('[data-type="coding"]').first().waitFor({ state: 'visible' });
      expect(await page.locator('details.assistant').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
