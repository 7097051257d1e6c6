/**
 * Issue 48 (item 12, second half), in a real headless Chromium, keyboard only: honest section labels and contact
 * words, the code size limit said before and in words, a top bar whose status never pushes the test's name and
 * org out, names a screen reader reads as written, flags for review and the question navigator, and the
 * editor's comforts (completion, search, text size, a dark theme, a resizable split). axe-core finds nothing
 * at WCAG 2.2 A/AA in any of those states, at 1280 and 320 px, light and dark.
 */
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestDefinition, TestLink } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Comforts screening',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Warm-up',
      sectionType: 'general',
      duration: 5,
      questions: [
        { type: 'single_choice', text: 'Pick one.', marks: 1, options: [{ text: 'Yes', correct: true }, { text: 'No' }] },
        { type: 'short_answer', text: 'What is the capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris', match: 'text' }] },
        { type: 'free_text', text: 'Explain your approach.', marks: 4, wordLimit: 300, rubric: [{ criterion: 'Clarity', marks: 4 }] },
      ],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 20,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of two numbers.',
          marks: 5,
          languages: ['javascript', 'python'],
          functionName: 'add',
          starterCode: { javascript: 'function add(a, b) {\n  return 0;\n}\n', python: 'def add(a, b):\n    return 0\n' },
          sampleTests: [{ args: [1, 2], expected: 3 }],
          hiddenTests: [{ args: [2, 2], expected: 4 }],
        },
      ],
    },
  ],
};

/** The accessibility tree as Chromium gives it to screen readers (names after CSS, shadow roots included). */
const axNodes = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value?: string }; name?: { value?: string } }[];
    };
    return nodes.filter((node) => !node.ignored).map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }));
  } finally {
    await cdp.detach();
  }
};

/** An element shows all of its text: nothing cut by an ellipsis, nothing outside the window. */
const showsWhole = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const width = element.ownerDocument.documentElement.clientWidth;
    return box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= width && element.scrollWidth <= Math.ceil(box.width) + 1;
  });

/** A computed style of the element `locator` finds. */
const styleOf = (locator: ReturnType<Page['locator']>, property: 'fontSize' | 'backgroundColor') =>
  locator.evaluate((element, name) => element.ownerDocument.defaultView!.getComputedStyle(element)[name], property);

const editorOf = (page: Page, id: number) => page.getByTestId(`code-editor-${id}`);

describe("the candidate's comforts and honest words (issue 48, Chromium, keyboard only)", () => {
  let b: BrowserHarness;
  let testId: number;
  let link: TestLink;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
    link = await b.client.testLinks.create(testId, { testLinkName: 'Job ad', accessTime: 0 });
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** Registers, opens the landing, checks it, and starts the test from the keyboard. */
  const startTest = async (page: Page, email: string) => {
    const registration = await b.client.invitations.register(testId, { emailId: email, fullName: 'Ada Lovelace' });
    const [choice = 0, short = 0, essay = 0, code = 0] = await b.questionIds(testId);
    await page.goto(registration.takeTestURL);
    await page.getByTestId('start-button').waitFor({ state: 'visible' });
    // Before the start the questions are unknown: a general section is "Questions", never "Multiple choice".
    expect(await page.locator('.section-list-meta').allTextContents()).toEqual([expect.stringMatching(/^Questions · /), expect.stringMatching(/^Coding · /)]);
    await tabTo(page, 'start-button');
    await page.keyboard.press('Enter');
    await page.getByTestId(`question-${choice}`).waitFor({ state: 'visible' });
    return { choice, short, essay, code };
  };

  it('at 1280px: labels, names, the navigator and flags, the editor comforts, the split, the code limit and the top bar', async () => {
    const { context, page, errors } = await b.openPage();
    try {
      // --- A public link's page: a visitor from a job ad is not told to reply to an email.
      await page.goto(`${b.baseUrl}/l/${link.testLinkAccessKey}`);
      await page.getByTestId('register-form').waitFor({ state: 'visible' });
      expect(await page.getByTestId('org-contact').textContent()).toBe('Questions? Contact Acme through the email or job posting that brought you here.');

      const { choice, short, essay, code } = await startTest(page, 'comforts.1280@example.com');

      // --- A section of a choice, a short answer and an essay says so; names are read as written, not in capitals.
      expect(await page.locator('.section-meta').first().textContent()).toMatch(/^Multiple choice, short answer and essay · 3 questions/);
      const names = await axNodes(page);
      expect(names.filter((node) => node.role === 'button' && /^section 1/i.test(node.name)).map((node) => node.name)).toEqual([
        expect.stringMatching(/^Section 1 Warm-up/),
      ]);
      expect(names.filter((node) => node.role === 'heading' && /^question 1$/i.test(node.name)).map((node) => node.name)).toEqual(['Question 1']);

      // --- The navigator: each question's state; answering and flagging change it; a flag is a toggle that is announced.
      const nav = (id: number) => page.getByTestId(`nav-${id}`);
      expect(await nav(choice).textContent()).toBe('Question 1 Not answered');
      await tabTo(page, `option-${choice}-0`);
      await page.keyboard.press('Space');
      await expect.poll(() => nav(choice).textContent()).toBe('Question 1 Answered');
      await tabTo(page, `flag-${short}`);
      expect(await page.getByTestId(`flag-${short}`).getAttribute('aria-pressed')).toBe('false');
      await page.keyboard.press('Space');
      expect(await page.getByTestId(`flag-${short}`).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('flag-announcement').textContent()).toBe('Question 2 flagged for review.');
      expect(await nav(short).textContent()).toBe('Question 2 Not answered, flagged');
      expect(await page.getByRole('navigation', { name: 'Questions in Warm-up' }).count()).toBe(1);
      await expectAccessible(page, 'the navigator with a flagged question');
      // A navigator button takes the candidate to its question: the focus on its heading.
      await tabTo(page, `nav-${essay}`, { back: true });
      await page.keyboard.press('Enter');
      expect(await page.evaluate<string>('document.activeElement && document.activeElement.id')).toBe(`question-title-${essay}`);
      // Flags are the candidate's own: kept in this browser for this attempt, through a reload.
      await page.reload();
      await page.getByTestId(`flag-${short}`).waitFor({ state: 'visible' });
      expect(await page.getByTestId(`flag-${short}`).getAttribute('aria-pressed')).toBe('true');
      expect(await nav(short).textContent()).toBe('Question 2 Not answered, flagged');
      await tabTo(page, `flag-${short}`);
      await page.keyboard.press('Enter');
      expect(await page.getByTestId(`flag-${short}`).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => page.getByTestId('flag-announcement').textContent()).toBe('Question 2 no longer flagged.');

      // --- The coding section: names, the limit said before, the tools over the editor.
      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      const content = editorOf(page, code).locator('.cm-content');
      await content.waitFor({ state: 'visible' });
      const coding = await axNodes(page);
      expect(coding.filter((node) => node.role === 'button' && /Python|JavaScript/.test(node.name)).map((node) => node.name)).toEqual(['JavaScript', 'Python']);
      expect(coding.filter((node) => node.role === 'group' && node.name === '')).toEqual([]);
      expect(await page.getByTestId(`code-limit-${code}`).textContent()).toBe('Your code can be up to 100,000 characters.');
      await expectAccessible(page, 'a coding question with its tools');

      // --- Completion: words of the document and the language's keywords, taken with Enter.
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${code}`);
      // Select all and delete first, as typeCode does: Chromium's own replacing of a selection trips the CSP.
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText('const total_amount = 1;\n');
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.insertText('tota');
      const completions = editorOf(page, code).locator('.cm-tooltip-autocomplete');
      await completions.waitFor({ state: 'visible' });
      expect(await completions.locator('li[aria-selected]').textContent()).toContain('total_amount');
      await expectAccessible(page, 'completions open');
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      await page.keyboard.insertText('\n');
      await page.keyboard.insertText('retu');
      await expect.poll(() => completions.locator('li[aria-selected]').textContent()).toContain('return');
      // CodeMirror ignores Enter for 75 ms after a list appears (no accidental pick): a reader's pause.
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await content.innerText()).trimEnd()).toBe('const total_amount = 1;\ntotal_amount\nreturn');

      // --- Search: Ctrl+F opens the panel over the code, Enter finds, Esc closes it and the editor has the focus again.
      await page.keyboard.press('ControlOrMeta+F');
      const panel = editorOf(page, code).locator('.cm-search');
      await panel.waitFor({ state: 'visible' });
      expect(await focused(page)).toMatchObject({ tag: 'INPUT' });
      await page.keyboard.type('total');
      await page.keyboard.press('Enter');
      await expect.poll(() => editorOf(page, code).locator('.cm-searchMatch').count()).toBeGreaterThanOrEqual(2);
      await expectAccessible(page, 'the search panel');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await focused(page)).toMatchObject({ editor: true, testId: `code-editor-${code}` });

      // --- The text size: a labelled select, applied to the code, remembered.
      await tabTo(page, `font-size-${code}`, { back: true });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => styleOf(content, 'fontSize')).toBe('18px');

      // --- The split: a separator with its value, moved with the arrows, and with the mouse.
      const separator = page.getByTestId(`split-problem-${code}`);
      expect(await separator.getAttribute('role')).toBe('separator');
      const problem = page.locator(`#problem-${code}`);
      const before = (await problem.boundingBox())!.width;
      await tabTo(page, `split-problem-${code}`);
      expect(await separator.getAttribute('aria-valuenow')).toBe('40');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await separator.getAttribute('aria-valuenow')).toBe('50');
      expect((await problem.boundingBox())!.width).toBeGreaterThan(before + 50);
      await expectAccessible(page, 'the separator moved');
      const pane = (await page.getByTestId(`question-${code}`).locator('.coding').boundingBox())!;
      const handle = (await separator.boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + 40);
      await page.mouse.down();
      await page.mouse.move(pane.x + pane.width * 0.3, handle.y + 40, { steps: 5 });
      await page.mouse.up();
      expect(await separator.getAttribute('aria-valuenow')).toBe('30');

      // The size and the split are remembered through a reload.
      await page.reload();
      await editorOf(page, code).locator('.cm-content').waitFor({ state: 'visible' });
      expect(await page.getByTestId(`font-size-${code}`).inputValue()).toBe('18');
      expect(await page.getByTestId(`split-problem-${code}`).getAttribute('aria-valuenow')).toBe('30');

      // --- A dark theme that follows the system's colour scheme, axe-clean with completions and search.
      const background = () => styleOf(editorOf(page, code).locator('.cm-editor'), 'backgroundColor');
      expect(await background()).toBe('rgb(255, 255, 255)');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(background).toBe('rgb(27, 32, 41)');
      await expectAccessible(page, 'dark editor');
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${code}`);
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText('tota');
      await editorOf(page, code).locator('.cm-tooltip-autocomplete').waitFor({ state: 'visible' });
      await expectAccessible(page, 'dark editor with completions');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ControlOrMeta+F');
      await editorOf(page, code).locator('.cm-search').waitFor({ state: 'visible' });
      await page.keyboard.type('total');
      await expectAccessible(page, 'dark editor with the search panel');
      await page.keyboard.press('Escape');
      await page.emulateMedia({ colorScheme: 'light' });

      // --- Code over the limit: said by the editor in words, refused by the server in words.
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${code}`);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText(`// ${'x'.repeat(100_009)}`);
      await expect
        .poll(() => page.getByTestId(`code-limit-${code}`).textContent())
        .toBe('Your code has 100,012 characters, over the limit of 100,000: it cannot be saved until you shorten it by 12.');
      const status = page.getByTestId('save-status');
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Not saved: code has 100,012 characters, over the limit of 100,000 characters');
      await expectAccessible(page, 'code over the limit');

      // --- The long status gives way: the test's name and the org stay whole in the top bar.
      await page.keyboard.press('Escape');
      await tabTo(page, 'prev-section');
      await page.keyboard.press('Enter');
      await page.getByTestId(`question-${choice}`).waitFor({ state: 'visible' });
      expect(await status.textContent()).toMatch(/^Not saved: /);
      expect(await showsWhole(page, '.topbar-title')).toBe(true);
      expect(await showsWhole(page, '.topbar-org')).toBe(true);
      // The two refused saves of the code over the limit are the browser's only complaints.
      expect(errors.filter((error) => !/status of 400 \(Bad Request\)$/.test(error))).toEqual([]);
      expect(errors.length).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('at 320px, light and dark: the org in the top bar, the navigator and a flag, the coding question without a split', async () => {
    const { context, page, errors } = await b.openPage({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    try {
      const { short, code } = await startTest(page, 'comforts.320@example.com');
      expect(await page.getByTestId('asking-org').isVisible()).toBe(true);
      expect(await showsWhole(page, '.topbar-org')).toBe(true);
      const bar = (await page.locator('header.topbar').boundingBox())!;
      const org = (await page.getByTestId('asking-org').boundingBox())!;
      expect(org.y + org.height).toBeLessThanOrEqual(bar.y + bar.height);
      await tabTo(page, `flag-${short}`);
      await page.keyboard.press('Space');
      expect(await page.getByTestId(`flag-${short}`).getAttribute('aria-pressed')).toBe('true');
      await expectAccessible(page, 'navigator and a flag at 320px');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, 'navigator and a flag at 320px, dark');
      await page.emulateMedia({ colorScheme: 'light' });

      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      await editorOf(page, code).locator('.cm-content').waitFor({ state: 'visible' });
      // One column: no separator to tab to.
      expect(await page.getByTestId(`split-problem-${code}`).isVisible()).toBe(false);
      expect(await showsWhole(page, '.topbar-org')).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
      await expectAccessible(page, 'a coding question at 320px');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, 'a coding question at 320px, dark');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
