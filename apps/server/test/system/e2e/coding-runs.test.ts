/**
 * Issue 28's "what the candidate sees", in a real headless Chromium, keyboard only, axe-core on every state at
 * 1280 and at 320 px: a Python question beside its editor on a wide screen (stacked on a phone); a run that
 * waits says "Queued (1 ahead)" while another candidate's run holds the only worker, then shows its results in
 * Python's values (`None`, `True`, `'cba'`); a run refused past the queue bound is started again by the page
 * itself, after saying so once; an error shows the whole traceback; a run with the candidate's own
 * arguments shows what came back and what was printed; a running run can be cancelled. The first run after the
 * start waited for no interpreter: Python warmed while the candidate read the question.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { Sandbox } from '@assay/sandbox';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { BLOCKING_TEST, startBlocker } from './worker-blocker.js';
import { expectAccessible, focused, tabTo, typeCode } from './page-helpers.js';

const definition = {
  testName: 'Python at class scale',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Describe a word: the word reversed, whether it is longer than two letters, and None.',
          marks: 5,
          languages: ['python'],
          functionName: 'describe',
          starterCode: 'def describe(word):\n    pass\n',
          sampleTests: [
            { args: ['abc'], expected: ['cba', true, null] },
            { args: ['a'], expected: ['a', false, null] },
          ],
          hiddenTests: [{ args: ['ab'], expected: ['ba', false, null] }],
        },
      ],
    },
  ],
};

const SOLUTION = 'def describe(word):\n    print("describing", word)\n    return [word[::-1], len(word) > 2, None]\n';
const SLIP = 'def helper(word):\n    return word.missing()\n\n\ndef describe(word):\n    return helper(word)\n';
const LOOP = 'def describe(word):\n    while True:\n        pass\n';

/** Nothing wider than the screen: long lines scroll inside their blocks. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);

describe('a Python candidate sees where a run waits, Python values, tracebacks, their own input and a cancel (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  let blockerTestId: number;

  beforeAll(async () => {
    // One worker and one place in its queue, so other candidates' runs make this one wait, or refuse it for a
    // while; Python warms when an attempt with it starts.
    b = await startBrowserHarness({ ASSAY_SAMPLE_RUN_WORKERS: '1', ASSAY_SAMPLE_RUN_QUEUE: '1', ASSAY_SANDBOX_PREWARM: 'on-demand' });
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
    ({ testId: blockerTestId } = await b.client.tests.import(BLOCKING_TEST));
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** Another candidate's run that takes the only worker (or the one place in its queue) for a few seconds. */
  const holdTheWorker = async (email: string, state: 'running' | 'queued' = 'running') => {
    const { run } = await startBlocker(b, blockerTestId, email);
    expect(run.state).toBe(state);
  };

  const runStatus = (page: Page, id: number) => page.getByTestId(`run-status-${id}`);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    it(`at ${viewport.width}px`, async () => {
      const phone = viewport.width < 600;
      const { context, page, errors } = await b.openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      try {
        const registration = await b.client.invitations.register(testId, { emailId: `py.${viewport.width}@example.com`, fullName: 'Guido Candidate' });
        const [id = 0] = await b.questionIds(testId);
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        await tabTo(page, 'start-button');
        await page.keyboard.press('Enter');
        const editor = page.getByTestId(`code-editor-${id}`).locator('.cm-content');
        await editor.waitFor({ state: 'visible' });

        // --- The problem beside the editor on a wide screen, above it on a phone; its samples in Python's values.
        const text = (await page.locator(`#question-text-${id}`).boundingBox())!;
        const work = (await page.getByTestId(`code-editor-${id}`).boundingBox())!;
        if (phone) expect(text.y + text.height).toBeLessThanOrEqual(work.y);
        else expect(text.x + text.width).toBeLessThanOrEqual(work.x);
        expect(await page.getByTestId(`question-${id}`).locator('.samples').innerText()).toContain("describe('abc') should return ['cba', True, None]");
        await expectAccessible(page, 'a Python question');

        // Python warms while the candidate reads: the worker and the standby have an interpreter before the first run.
        const sandbox = b.app.assay.runner as Sandbox;
        await expect.poll(() => sandbox.stats().pythonStarts, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(2);

        // --- A run that waits behind another candidate's says so, then its results come, in Python's values.
        await typeCode(page, id, SOLUTION);
        await holdTheWorker(`busy.${viewport.width}@example.com`);
        await tabTo(page, `run-samples-${id}`);
        await page.keyboard.press('Enter');
        const progress = page.getByTestId(`run-progress-${id}`);
        await expect.poll(() => progress.textContent(), { timeout: 10_000, interval: 50 }).toMatch(/^Queued \(\d+ ahead/);
        await expect.poll(() => page.getByTestId(`run-news-${id}`).textContent()).toMatch(/^Queued \(\d+ ahead\)\.$/);
        expect(await focused(page)).toMatchObject({ testId: `run-samples-${id}` });
        // The busy button says what the line says (issue 48, decision 671): never "Running…" while queued.
        expect(await page.getByTestId(`run-samples-${id}`).textContent()).toBe('Queued…');
        expect(await page.getByTestId(`cancel-samples-${id}`).isVisible()).toBe(true);
        await expectAccessible(page, 'a queued run');
        await expect.poll(() => runStatus(page, id).textContent(), { timeout: 60_000 }).toBe('2 of 2 sample tests passed.');
        expect(await progress.isVisible()).toBe(false);
        expect(await page.getByTestId(`cancel-samples-${id}`).isVisible()).toBe(false);
        expect(await page.getByTestId(`sample-case-${id}-0`).innerText()).toMatch(
          /Input\ndescribe\('abc'\)\nExpected\n\['cba', True, None\]\nGot\n\['cba', True, None\]\nTime\n/,
        );
        expect(await page.getByTestId(`sample-output-${id}-0`).textContent()).toBe('describing abc\n');
        expect(sandbox.stats().pythonColdStarts).toBe(0);
        await expectAccessible(page, 'results in Python values');

        // --- The worker and the queue's one place taken: the page is refused (503.2), says so once, and tries again by itself.
        await holdTheWorker(`busy.again.${viewport.width}@example.com`);
        await holdTheWorker(`busy.waiting.${viewport.width}@example.com`, 'queued');
        await tabTo(page, `run-samples-${id}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => progress.textContent(), { timeout: 10_000, interval: 50 }).toMatch(/^The server is busy: trying again in \d+ s$/);
        await expect
          .poll(() => page.getByTestId(`run-news-${id}`).textContent())
          .toMatch(/^The server is busy\. Your run starts again by itself in \d+ seconds\.$/);
        await expectAccessible(page, 'waiting out a busy server');
        await expect.poll(() => runStatus(page, id).textContent(), { timeout: 60_000 }).toBe('2 of 2 sample tests passed.');

        // --- An error deep in the candidate's code: the whole traceback, its line marked, and Go to line.
        await typeCode(page, id, SLIP);
        await tabTo(page, `run-samples-${id}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => runStatus(page, id).textContent(), { timeout: 30_000 }).toMatch(/^0 of 2 sample tests passed\. Error on line 2, column \d+\.$/);
        const traceback = (await page.getByTestId(`traceback-${id}-0`).textContent()) ?? '';
        expect(traceback).toMatch(/line 6, in describe\n\s+return helper\(word\)\n[\s\S]*line 2, in helper\n\s+return word\.missing\(\)/);
        expect(traceback).toContain("AttributeError: 'str' object has no attribute 'missing'");
        expect(await page.getByTestId(`traceback-${id}-0`).getAttribute('tabindex')).toBe('0');
        expect(await page.getByTestId(`code-editor-${id}`).locator('.cm-error-line').count()).toBe(1);
        await expectAccessible(page, 'a traceback');
        if (phone) await expectNoSidewaysScroll(page);
        await tabTo(page, `error-goto-${id}-0`);
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatchObject({ editor: true, testId: `code-editor-${id}` });

        // --- The candidate's own input: prefilled with the first sample's, in Python; what came back and was printed.
        await typeCode(page, id, SOLUTION);
        await tabTo(page, `custom-toggle-${id}`);
        await page.keyboard.press('Enter');
        const field = page.getByTestId(`custom-args-${id}`);
        await tabTo(page, `custom-args-${id}`);
        expect(await field.inputValue()).toBe("'abc'");
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type("'level");
        await tabTo(page, `custom-run-${id}`);
        await page.keyboard.press('Enter');
        // A slip in the arguments is said by the field, which takes the focus; nothing runs.
        expect(await page.getByTestId(`custom-args-${id}-error`).textContent()).toBe(
          'These arguments cannot be read: This text has no closing quote (line 1, column 1).',
        );
        expect(await focused(page)).toMatchObject({ testId: `custom-args-${id}` });
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        await expectAccessible(page, 'custom input that cannot be read');
        await page.keyboard.press('End');
        await page.keyboard.type("'");
        expect(await field.getAttribute('aria-invalid')).toBeNull();
        await tabTo(page, `custom-run-${id}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId(`custom-status-${id}`).textContent(), { timeout: 30_000 }).toBe('The call returned.');
        expect(await page.getByTestId(`custom-returned-${id}`).textContent()).toBe("['level', True, None]");
        expect(await page.getByTestId(`sample-output-${id}-custom`).textContent()).toBe('describing level\n');
        expect(await page.getByTestId(`custom-result-${id}`).innerText()).not.toMatch(/Passed|Failed|Expected/);
        await expectAccessible(page, 'custom input, returned');
        if (phone) await expectNoSidewaysScroll(page);

        // --- A run that does not end: Cancel, from the keyboard, right after the Run button.
        await typeCode(page, id, LOOP);
        await tabTo(page, `run-samples-${id}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => progress.textContent(), { timeout: 10_000, interval: 50 }).toBe('Running…');
        // (The run lasts about two seconds: Cancel is pressed at once; axe saw Cancel in the queued state.)
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatchObject({ testId: `cancel-samples-${id}` });
        await page.keyboard.press('Enter');
        await expect.poll(() => runStatus(page, id).textContent(), { timeout: 10_000 }).toBe('Run cancelled.');
        // The focus goes back to the Run button.
        expect(await focused(page)).toMatchObject({ testId: `run-samples-${id}` });
        await expectAccessible(page, 'a cancelled run');

        // And the next run goes through (the page waits for the stopped one by itself if it must).
        await typeCode(page, id, SOLUTION);
        await tabTo(page, `run-samples-${id}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => runStatus(page, id).textContent(), { timeout: 60_000 }).toBe('2 of 2 sample tests passed.');
        if (phone) await expectNoSidewaysScroll(page);
        // The browser logs the refused start (503) itself; the page handled it.
        expect(errors.filter((error) => !/^console: Failed to load resource: the server responded with a status of 503/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
