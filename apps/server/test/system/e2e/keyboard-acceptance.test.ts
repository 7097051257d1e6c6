/**
 * Issue 11's acceptance, in a real headless Chromium: a candidate who uses only the keyboard takes a test with
 * a Python and a TypeScript coding question (and a question whose text has a code block wider than the column),
 * at 1280 px and at 375 px, and axe-core finds nothing at WCAG 2.2 A/AA on any state of the page: the link
 * page, its registration errors, the landing, a test not open yet (which then opens by itself), the test view,
 * coding with run results, the reset and submit dialogs, the finish page and its redirect countdown.
 *
 * No mouse: every step is Tab, Shift+Tab, Enter, Space, Esc, arrows or typing. With ASSAY_SCREENSHOTS=1 the
 * 1280 px run also writes the README's screenshot of a Python question (docs/screenshots/python-question.png).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestDefinition, TestLink } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { closeServer, expectAccessible, focused, startRedirectTarget, tabTo, typeCode } from './page-helpers.js';

const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../../docs/screenshots/', import.meta.url));
const SCREENSHOTS = process.env.ASSAY_SCREENSHOTS === '1';

const WIDE_CODE =
  'const squares = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => value * value).filter((value) => value % 2 === 0).reduce((a, b) => a + b, 0);';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Polyglot screening',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Reading code',
      sectionType: 'general',
      duration: 5,
      questions: [
        {
          type: 'single_choice',
          text: `What is squares?\n\`\`\`js\n${WIDE_CODE}\n\`\`\``,
          marks: 1,
          options: [
            { text: '220', correct: true },
            { text: '385', correct: false },
          ],
        },
      ],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 25,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of two numbers.',
          marks: 5,
          languages: ['python'],
          functionName: 'add',
          starterCode: 'def add(a, b):\n    pass\n',
          sampleTests: [
            { args: [1, 2], expected: 3 },
            { args: [-4, 4], expected: 0 },
          ],
          hiddenTests: [{ args: [10, 5], expected: 15 }],
        },
        {
          type: 'coding',
          text: 'Return the longest word (the first one of that length).',
          marks: 5,
          languages: ['typescript', 'javascript'],
          functionName: 'longest',
          starterCode: {
            typescript: 'function longest(words: string[]): string {\n  return "";\n}\n',
            javascript: 'function longest(words) {\n  return "";\n}\n',
          },
          sampleTests: [{ args: [['a', 'abc', 'ab']], expected: 'abc' }],
          hiddenTests: [{ args: [['xy', 'z']], expected: 'xy' }],
        },
      ],
    },
  ],
};

const PYTHON_WITH_A_SLIP = 'def add(a, b):\n    print("adding", a, b)\n    return a + c\n';
const PYTHON_SOLUTION = 'def add(a, b):\n    print("adding", a, b)\n    return a + b\n';
const TYPESCRIPT_SOLUTION =
  'function longest(words: string[]): string {\n  console.log("checking " + words.length + " words");\n  return words.reduce((best: string, word: string) => (word.length > best.length ? word : best), "");\n}\n';

/** The link opens this long after it is created: the test watches the page enable Start by itself. */
const OPENS_IN_MS = 8_000;

/** "2030-12-01T04:30:05", as the API takes link dates (UTC). */
const wireDate = (at: number) => new Date(at).toISOString().slice(0, 19);

describe('a keyboard-only candidate, with axe on every state (Chromium)', () => {
  let b: BrowserHarness;
  let redirect: Awaited<ReturnType<typeof startRedirectTarget>> | undefined;
  let testId: number;
  let openLink: TestLink;

  beforeAll(async () => {
    redirect = await startRedirectTarget();
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
    openLink = await b.client.testLinks.create(testId, { testLinkName: 'Open', accessTime: 0 });
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await closeServer(redirect?.server);
  }, 60_000);

  /** Runs the samples of `questionId` with the keyboard; the button keeps the focus; answers the summary. */
  const runSamples = async (page: Page, questionId: number) => {
    await tabTo(page, `run-samples-${questionId}`);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ testId: `run-samples-${questionId}` });
    const status = page.getByTestId(`run-status-${questionId}`);
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/passed/);
    expect(await focused(page)).toMatchObject({ testId: `run-samples-${questionId}` });
    return (await status.textContent()) ?? '';
  };

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    it(`at ${viewport.width}px: link page, not-yet-open, a Python and a TypeScript question, submit, redirect`, async () => {
      const phone = viewport.width < 600;
      let invitationId = 0;
      const { context, page, errors } = await b.openPage({ viewport, timezoneId: 'America/Los_Angeles', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      try {
        // --- The link page: an empty registration is refused in the candidate's words, then it goes through.
        await page.goto(`${b.baseUrl}/l/${openLink.testLinkAccessKey}`);
        await page.getByTestId('register-form').waitFor({ state: 'visible' });
        expect(await page.title()).toBe('Register – Polyglot screening · Assay');
        await expectAccessible(page, 'link page');
        await tabTo(page, 'register-email');
        await page.keyboard.type('grace@example');
        await page.keyboard.press('Enter');
        await expect.poll(() => focused(page)).toMatchObject({ testId: 'register-error' });
        expect(await page.title()).toBe('Error: Register – Polyglot screening · Assay');
        expect(await page.getByTestId('register-error').innerText()).toBe('There is a problem\nEnter your full name\nEnter a valid email address');
        expect(await page.getByTestId('register-name').getAttribute('aria-invalid')).toBe('true');
        expect(await page.getByTestId('register-name').getAttribute('aria-describedby')).toBe('register-name-error');
        await expectAccessible(page, 'registration errors');
        // The summary's first link leads to the name field.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatchObject({ testId: 'register-name' });
        await page.keyboard.type('Grace Hopper');
        await page.keyboard.press('Tab');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(`grace.${viewport.width}@example.com`);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/t\/[^/]+$/);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        expect(await page.title()).toBe('Start the test – Polyglot screening · Assay');
        await expectAccessible(page, 'landing');

        // --- A link that is not open yet: the reason first, in the candidate's time too; Start enables itself.
        const opensAt = Math.ceil((Date.now() + OPENS_IN_MS) / 1000) * 1000;
        const later = await b.client.testLinks.create(testId, {
          testLinkName: 'Later',
          accessTime: 1,
          timeZoneId: 1720,
          startDateTime: wireDate(opensAt),
          endDateTime: wireDate(opensAt + 86_400_000),
        });
        const early = await b.client.testLinks.register(testId, later.testLinkId, {
          emailId: `early.${viewport.width}@example.com`,
          fullName: 'Early Bird',
        });
        await page.goto(early.testUrl);
        const notice = page.getByTestId('access-message');
        await expect.poll(() => notice.innerText()).toMatch(/^This test is not open yet\.\n+It opens .+ \(your time, America\/Los_Angeles\)\./);
        expect(await notice.getAttribute('role')).toBe('status');
        // It leads: right under the test's name, before the facts.
        expect((await notice.boundingBox())!.y).toBeLessThan((await page.locator('.facts').boundingBox())!.y);
        expect(await page.getByTestId('access-window-local').textContent()).toMatch(/^In your time zone \(America\/Los_Angeles\): from /);
        expect(await page.title()).toBe('Not open yet – Polyglot screening · Assay');
        expect(await page.getByTestId('start-button').isDisabled()).toBe(true);
        await expectAccessible(page, 'not yet open');
        await expect.poll(() => page.getByTestId('start-button').isEnabled(), { timeout: OPENS_IN_MS + 15_000 }).toBe(true);
        await expect.poll(() => notice.innerText()).toBe('The test is open now. You can start when you are ready.');
        expect(await page.title()).toBe('Start the test – Polyglot screening · Assay');

        // --- The attempt itself, on an invitation with a redirect URL.
        const registration = await b.client.invitations.register(testId, {
          emailId: `ada.${viewport.width}@example.com`,
          fullName: 'Ada Lovelace',
          redirectURL: redirect!.url,
        });
        invitationId = registration.testInvitationId;
        const [choice = 0, python = 0, typescript = 0] = await b.questionIds(testId);
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        await tabTo(page, 'start-button');
        await page.keyboard.press('Enter');
        await page.getByTestId(`question-${choice}`).waitFor({ state: 'visible' });
        expect(await page.locator('h1').allTextContents()).toEqual(['Polyglot screening']);
        expect(await page.title()).toBe('Section 1 of 2: Reading code – Polyglot screening · Assay');
        expect(await page.locator('[role=timer]').getAttribute('aria-label')).toMatch(/^(29|30) minutes( \d+ seconds?)? left$/);
        if (phone) {
          const bar = (await page.locator('header.topbar').boundingBox())!;
          expect(bar.height).toBeLessThanOrEqual(0.12 * viewport.height);
        }
        // The wide code block is a named region the keyboard reaches and scrolls.
        await tabTo(page, (now) => now.tag === 'PRE');
        const code = page.locator('pre.code-block');
        expect(await code.getAttribute('role')).toBe('region');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => code.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
        await tabTo(page, `option-${choice}-0`);
        await page.keyboard.press('Space');
        await expect.poll(() => page.getByTestId('save-announcement').textContent()).toBe('All answers saved.');
        await expectAccessible(page, 'test view');

        // --- Python: a slip first (its output, its error with line and column, marked in the editor), then the fix.
        await tabTo(page, 'next-section');
        await page.keyboard.press('Enter');
        expect(await page.title()).toBe('Section 2 of 2: Coding – Polyglot screening · Assay');
        const pythonEditor = page.getByTestId(`code-editor-${python}`).locator('.cm-content');
        await pythonEditor.waitFor({ state: 'visible' });
        expect(await pythonEditor.getAttribute('aria-describedby')).toBe('editor-hint');
        expect(await page.getByTestId(`language-picker-${python}`).count()).toBe(0);
        await typeCode(page, python, PYTHON_WITH_A_SLIP);
        expect(await runSamples(page, python)).toMatch(/^0 of 2 sample tests passed\. Error on line 3, column \d+\.$/);
        expect(await page.getByTestId(`error-location-${python}-0`).textContent()).toMatch(/^ \(line 3, column \d+\)$/);
        expect(await page.getByTestId(`sample-output-${python}-0`).textContent()).toBe('adding 1 2\n');
        expect(await page.getByTestId(`code-editor-${python}`).locator('.cm-error-line').count()).toBe(1);
        await expectAccessible(page, 'coding: an error');
        // "Go to line 3" puts the cursor there, in the editor.
        await tabTo(page, `error-goto-${python}-0`);
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatchObject({ editor: true, testId: `code-editor-${python}` });
        await typeCode(page, python, PYTHON_SOLUTION);
        expect(await runSamples(page, python)).toBe('2 of 2 sample tests passed.');
        expect(await page.getByTestId(`sample-case-${python}-1`).innerText()).toMatch(/Input\nadd\(-4, 4\)\nExpected\n0\nGot\n0\nTime\n.*(ms|s)\n/);
        expect(await page.getByTestId(`sample-output-${python}-1`).getAttribute('tabindex')).toBe('0');
        expect(await page.getByTestId(`code-editor-${python}`).locator('.cm-error-line').count()).toBe(0);
        if (SCREENSHOTS && !phone) {
          // The whole question with its results, in a window tall enough for it, under the sticky bar.
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          await page.setViewportSize({ width: viewport.width, height: 1400 });
          const clip = await page.getByTestId(`question-${python}`).evaluate((element) => {
            element.scrollIntoView({ block: 'start' });
            const box = element.getBoundingClientRect();
            return { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 };
          });
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'python-question.png'), clip, animations: 'disabled', caret: 'hide' });
          await page.setViewportSize(viewport);
        }

        // --- TypeScript: the language buttons (JavaScript and back, nothing typed: no question), a run, the reset dialog.
        // One Tab stop (the language in use), arrows move along the buttons without picking (decision 752).
        await tabTo(page, `language-${typescript}-typescript`);
        await page.keyboard.press('ArrowRight');
        expect(await focused(page)).toMatchObject({ testId: `language-${typescript}-javascript` });
        expect(await page.getByTestId(`language-${typescript}-typescript`).getAttribute('aria-pressed')).toBe('true');
        await page.keyboard.press('Enter');
        expect(await page.getByTestId(`language-${typescript}-javascript`).getAttribute('aria-pressed')).toBe('true');
        const tsEditor = page.getByTestId(`code-editor-${typescript}`).locator('.cm-content');
        await tsEditor.waitFor({ state: 'visible' });
        await expect.poll(() => tsEditor.innerText()).toMatch(/^function longest\(words\) \{/);
        await tabTo(page, `language-${typescript}-javascript`, { back: true });
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Enter');
        await expect.poll(() => tsEditor.innerText()).toMatch(/^function longest\(words: string\[\]\): string \{/);
        await typeCode(page, typescript, TYPESCRIPT_SOLUTION);
        expect(await runSamples(page, typescript)).toBe('1 of 1 sample test passed.');
        expect(await page.getByTestId(`sample-output-${typescript}-0`).textContent()).toBe('checking 3 words\n');
        if (phone) expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
        await expectAccessible(page, 'coding: passed');

        await tabTo(page, `reset-code-${typescript}`);
        await page.keyboard.press('Enter');
        await page.getByTestId('reset-dialog').waitFor({ state: 'visible' });
        expect(await focused(page)).toMatchObject({ testId: 'dialog-cancel' });
        await expectAccessible(page, 'reset dialog');
        // Tab goes round the dialog's two buttons, never out of it.
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatchObject({ testId: 'reset-confirm' });
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatchObject({ testId: 'dialog-cancel' });
        await page.keyboard.press('Escape');
        await page.getByTestId('reset-dialog').waitFor({ state: 'detached' });
        expect(await focused(page)).toMatchObject({ testId: `reset-code-${typescript}` });
        expect(await tsEditor.innerText()).toContain('checking');
        // Confirmed, the starter comes back; Ctrl+Z in the editor brings the code back.
        await page.keyboard.press('Enter');
        await tabTo(page, 'reset-confirm');
        await page.keyboard.press('Enter');
        await expect.poll(() => tsEditor.innerText()).toMatch(/^function longest\(words: string\[\]\): string \{\n\s*return "";/);
        expect(await focused(page)).toMatchObject({ testId: `reset-code-${typescript}` });
        await tabTo(page, (now) => now.editor && now.testId === `code-editor-${typescript}`, { back: true });
        await page.keyboard.press('ControlOrMeta+Z');
        await expect.poll(() => tsEditor.innerText()).toContain('checking');
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');

        // --- Submit: the dialog, the finish page and its countdown, paused, then Continue.
        await tabTo(page, 'submit-button', { back: true });
        await page.keyboard.press('Enter');
        await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
        expect(await page.getByTestId('submit-summary').textContent()).toBe('You have answered 3 of 3 questions. Every question has an answer.');
        expect(await page.title()).toBe('Submit your test? – Polyglot screening · Assay');
        await expectAccessible(page, 'submit dialog');
        await tabTo(page, 'confirm-submit');
        await page.keyboard.press('Enter');
        const thanks = page.getByTestId('thank-you');
        await thanks.waitFor({ state: 'visible' });
        expect(await page.title()).toBe('Test submitted – Polyglot screening · Assay');
        expect(await page.getByTestId('redirect-message').textContent()).toMatch(/^You will be taken to 127\.0\.0\.1:\d+ in 1[45] seconds\.$/);
        await expect.poll(() => page.getByTestId('redirect-announcement').textContent()).toMatch(/Press Pause to stay on this page\.$/);
        await expectAccessible(page, 'finish with the redirect countdown');
        await tabTo(page, 'redirect-pause');
        await page.keyboard.press('Enter');
        expect(await page.getByTestId('redirect-pause').textContent()).toBe('Resume');
        expect(await page.getByTestId('redirect-message').textContent()).toMatch(/^Paused\./);
        await expect.poll(() => page.getByTestId('redirect-announcement').textContent()).toMatch(/^Paused\./);
        await expectAccessible(page, 'redirect paused');
        // Paused: still here after the countdown would have ended.
        await page.waitForTimeout(16_000);
        expect(page.url()).toBe(registration.takeTestURL);
        await tabTo(page, 'redirect-continue', { back: true });
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.href === redirect!.url);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      // --- The answers were scored in their languages.
      await b.drainWorker();
      expect((await b.report(invitationId)).score).toBe('11');
    }, 240_000);
  }
});
