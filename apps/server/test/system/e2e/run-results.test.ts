/**
 * Issue 59 point 5's running-and-results half, in a real headless Chromium with the keyboard only and axe-core on
 * every state at 1280 and 320 px: a stdin/stdout question in C takes its own standard input (not arguments) and shows
 * what the program printed as text — its standard error apart as "Error output", the time per case, and for a
 * failing sample the line that differs; every compile error is listed and marked in the editor; an SQL question says
 * it has no custom input and shows rows as tables with the differing ones marked; a Ruby runtime error names its line
 * and no made-up column. At 1280 px, a run followed while the browser is offline for longer than the page used to
 * wait shows its results when the connection comes back, and one started before a reload shows them after it.
 */
import type { Page } from 'playwright-core';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { BLOCKING_TEST, startBlocker } from './worker-blocker.js';
import { expectAccessible, focused, tabTo, typeCode } from './page-helpers.js';

const definition = {
  testName: 'Runs and results',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          form: 'stdio',
          text: 'Print the sum of the numbers on each line.',
          marks: 2,
          languages: ['c'],
          sampleTests: [
            { input: '1 2\n3 4 5\n', output: '3\n12\n' },
            { input: '10\n', output: '10\n' },
          ],
          hiddenTests: [{ input: '2 2\n', output: '4\n' }],
        },
        {
          type: 'coding',
          form: 'sql',
          text: 'Total points per player.',
          marks: 2,
          languages: ['sqlite'],
          sql: { schema: 'CREATE TABLE scores (name TEXT NOT NULL, points INTEGER NOT NULL);', ordered: false, checkColumnNames: true },
          sampleTests: [
            {
              seed: "INSERT INTO scores VALUES ('ann', 3), ('bob', 5), ('ann', 4);",
              columns: ['name', 'total'],
              rows: [
                ['ann', 7],
                ['bob', 5],
              ],
            },
          ],
          hiddenTests: [{ seed: "INSERT INTO scores VALUES ('cy', 1);", columns: ['name', 'total'], rows: [['cy', 1]] }],
        },
        {
          type: 'coding',
          text: 'Add up the numbers.',
          marks: 2,
          languages: ['javascript', 'ruby'],
          functionName: 'total',
          signature: { params: [{ name: 'xs', type: 'int[]' }], returns: 'int' },
          sampleTests: [{ args: [[1, 2, 3]], expected: 6 }],
          hiddenTests: [{ args: [[4]], expected: 4 }],
        },
      ],
    },
  ],
} as z.input<typeof TestDefinition>;

/** Right on the first line, wrong on the second (a product), and a note on standard error per line. */
const C_SLIP = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char line[4096];
  int row = 0;
  while (fgets(line, sizeof line, stdin)) {
    long sum = 0, product = 1;
    for (char *p = strtok(line, " \\n"); p; p = strtok(NULL, " \\n")) { sum += atol(p); product *= atol(p); }
    row++;
    fprintf(stderr, "row %d\\n", row);
    printf("%ld\\n", row == 2 ? product : sum);
  }
  return 0;
}
`;
const C_TWO_SLIPS = '#include <stdio.h>\nint main(void) {\n  int n = undeclared_one;\n  printf("%d", n + undeclared_two);\n  return 0;\n}\n';
const SQL_SLIP = 'SELECT name, SUM(points) AS total FROM scores WHERE points > 3 GROUP BY name';
const JS_TOTAL = 'function total(xs) {\n  return xs.reduce((sum, x) => sum + x, 0);\n}\n';
const RUBY_RAISE = 'def total(xs)\n  raise ArgumentError, "no totals today"\nend\n';

const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);

/** Picks `to` in a question's language buttons with the keyboard: one Tab stop, arrows along the buttons, Enter. */
const pickLanguage = async (page: Page, questionId: number, from: string, to: string) => {
  await tabTo(page, `language-${questionId}-${from}`, { limit: 200 });
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toMatchObject({ testId: `language-${questionId}-${to}` });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId(`language-${questionId}-${to}`).getAttribute('aria-pressed')).toBe('true');
};

describe('stdin, SQL and compile errors on the page; a run through a lost connection and a reload (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  let blockerTestId: number;
  let stdio = 0;
  let sql = 0;
  let fn = 0;

  beforeAll(async () => {
    // One worker: another candidate's run makes this one wait.
    b = await startBrowserHarness({ ASSAY_SAMPLE_RUN_WORKERS: '1' });
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
    ({ testId: blockerTestId } = await b.client.tests.import(BLOCKING_TEST));
    [stdio = 0, sql = 0, fn = 0] = await b.questionIds(testId);
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** Another candidate's run that takes the only worker for a few seconds. */
  const holdTheWorker = async (email: string) => {
    const { other, run } = await startBlocker(b, blockerTestId, email);
    // A worker may still be starting: the spin holds it once it runs.
    await expect.poll(async () => (await other.runs.get(run.runId)).state, { timeout: 30_000, interval: 100 }).toBe('running');
  };

  const run = async (page: Page, id: number) => {
    await tabTo(page, `run-samples-${id}`, { limit: 200 });
    await page.keyboard.press('Enter');
  };
  const status = (page: Page, id: number) => page.getByTestId(`run-status-${id}`);

  const startAttempt = async (page: Page, email: string) => {
    const registration = await b.client.invitations.register(testId, { emailId: email, fullName: 'Ada Runner' });
    await page.goto(registration.takeTestURL);
    await page.getByTestId('start-button').waitFor({ state: 'visible' });
    await tabTo(page, 'start-button');
    await page.keyboard.press('Enter');
    await page.getByTestId(`code-editor-${fn}`).locator('.cm-content').waitFor({ state: 'visible' });
    return new URL(registration.takeTestURL).pathname.split('/').at(-1)!;
  };

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    it(`a stdin question, compile errors, an SQL question and a Ruby error at ${viewport.width}px`, async () => {
      const phone = viewport.width < 600;
      const { context, page, errors } = await b.openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      try {
        await startAttempt(page, `forms.${viewport.width}@example.com`);

        // --- stdin/stdout: the output as text, its standard error apart, the time per case, the line that differs.
        await typeCode(page, stdio, C_SLIP);
        await run(page, stdio);
        await expect.poll(() => status(page, stdio).textContent(), { timeout: 120_000 }).toBe('1 of 2 sample tests passed.');
        expect(await page.getByTestId(`your-output-${stdio}-0`).textContent()).toBe('3\n60\n');
        expect(await page.getByTestId(`expected-output-${stdio}-0`).textContent()).toBe('3\n12\n');
        expect(await page.getByTestId(`output-diff-summary-${stdio}-0`).textContent()).toBe('Line 2: expected “12”, your output has “60”.');
        expect(await page.getByTestId(`output-diff-${stdio}-0`).locator('[data-kind="missing"]').textContent()).toBe('−expected, missing: 12\n');
        expect(await page.getByTestId(`error-output-${stdio}-0`).textContent()).toBe('row 1\nrow 2\n');
        expect(await page.getByTestId(`sample-case-${stdio}-0`).innerText()).toMatch(/Error output/);
        expect(await page.getByTestId(`sample-case-${stdio}-0`).innerText()).not.toMatch(/"3\\n60\\n"/);
        // Native stdio runs time each case; the page shows it.
        expect(await page.getByTestId(`case-time-${stdio}-0`).textContent()).toMatch(/^(under 1 ms|\d+ ms|\d+\.\d\d s)$/);
        // A passing sample shows its output, not a comparison.
        expect(await page.getByTestId(`your-output-${stdio}-1`).textContent()).toBe('10\n');
        expect(await page.getByTestId(`expected-output-${stdio}-1`).count()).toBe(0);
        await expectAccessible(page, 'a stdin sample that differs');
        if (phone) await expectNoSidewaysScroll(page);

        // --- Its own standard input: a text box, prefilled with the first sample's input, sent as text.
        await tabTo(page, `custom-toggle-${stdio}`, { limit: 200 });
        await page.keyboard.press('Enter');
        await tabTo(page, `custom-args-${stdio}`);
        const field = page.getByTestId(`custom-args-${stdio}`);
        expect(await field.inputValue()).toBe('1 2\n3 4 5\n');
        expect(await page.locator(`label[for="custom-args-${stdio}"]`).textContent()).toBe('Standard input');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('5 5\n');
        await tabTo(page, `custom-run-${stdio}`);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId(`custom-status-${stdio}`).textContent(), { timeout: 60_000 }).toBe('The program ran.');
        expect(await page.getByTestId(`your-output-${stdio}-custom`).textContent()).toBe('10\n');
        expect(await page.getByTestId(`error-output-${stdio}-custom`).textContent()).toBe('row 1\n');
        expect(await page.getByTestId(`custom-args-${stdio}-error`).isVisible()).toBe(false);
        await expectAccessible(page, 'a stdin run with the candidate’s input');

        // --- Every compile error, listed and marked in the editor.
        await typeCode(page, stdio, C_TWO_SLIPS);
        await run(page, stdio);
        await expect
          .poll(() => status(page, stdio).textContent(), { timeout: 60_000 })
          .toBe('0 of 2 sample tests passed. Your code did not compile: 2 errors, the first on line 3.');
        const listed = page.getByTestId(`compile-errors-${stdio}`).locator('li');
        expect(await listed.count()).toBe(2);
        expect(await listed.nth(0).innerText()).toMatch(/^On line 3, column \d+:\s+'undeclared_one' undeclared/);
        expect(await listed.nth(1).innerText()).toMatch(/^On line 4, column \d+:\s+'undeclared_two' undeclared/);
        expect(await page.getByTestId(`code-editor-${stdio}`).locator('.cm-error-line').count()).toBe(2);
        await expectAccessible(page, 'compile errors');
        await tabTo(page, `compile-goto-${stdio}-1`);
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatchObject({ editor: true, testId: `code-editor-${stdio}` });

        // --- SQL: no custom input, said; rows as tables, the differing ones marked.
        expect(await page.getByTestId(`custom-toggle-${sql}`).count()).toBe(0);
        expect(await page.getByTestId(`custom-none-${sql}`).textContent()).toMatch(/^An SQL question has no custom input/);
        await typeCode(page, sql, SQL_SLIP);
        await run(page, sql);
        await expect.poll(() => status(page, sql).textContent(), { timeout: 60_000 }).toBe('0 of 1 sample test passed.');
        expect(await page.getByTestId(`rows-diff-summary-${sql}-0`).textContent()).toBe('1 expected row is missing. 1 row is not expected.');
        const yours = page.getByTestId(`your-rows-${sql}-0`);
        expect(await yours.locator('th').allTextContents()).toEqual(['Difference', 'name', 'total']);
        expect(await yours.locator('tr[data-marked="extra"]').innerText()).toMatch(/^\+?\s*not expected\s+ann\s+4$/);
        expect(await page.getByTestId(`expected-rows-${sql}-0`).locator('tr[data-marked="missing"]').innerText()).toMatch(/ann\s+7$/);
        expect(await page.getByTestId(`sample-case-${sql}-0`).innerText()).not.toMatch(/"columns"/);
        await expectAccessible(page, 'SQL rows that differ');
        if (phone) await expectNoSidewaysScroll(page);

        // --- A Ruby error names its line, and no column it does not know.
        await pickLanguage(page, fn, 'javascript', 'ruby');
        await typeCode(page, fn, RUBY_RAISE);
        await run(page, fn);
        await expect.poll(() => status(page, fn).textContent(), { timeout: 120_000 }).toBe('0 of 1 sample test passed. Error on line 2.');
        expect(await page.getByTestId(`error-location-${fn}-0`).textContent()).toBe(' (line 2)');
        expect(await page.getByTestId(`code-editor-${fn}`).locator('.cm-error-line').count()).toBe(1);
        await expectAccessible(page, 'a runtime error with a line alone');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 480_000);
  }

  it('a run followed through a lost connection, and one started before a reload, show their results (1280px)', async () => {
    const { context, page, errors } = await b.openPage();
    try {
      const token = await startAttempt(page, 'offline@example.com');
      await typeCode(page, fn, JS_TOTAL);
      const progress = page.getByTestId(`run-progress-${fn}`);
      const pendingRunId = async () =>
        (
          JSON.parse((await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(`assay.runs.${token}`)})`)) ?? '{}') as Record<
            string,
            { runId: string }
          >
        )[String(fn)]?.runId;

      // --- Queued behind another candidate's run, then the browser goes offline until well after it finished.
      await holdTheWorker('busy.offline@example.com');
      await run(page, fn);
      await expect.poll(() => progress.textContent(), { timeout: 10_000, interval: 50 }).toMatch(/^Queued \(\d+ ahead/);
      const runId = await pendingRunId();
      expect(runId).toBeTruthy();
      await context.setOffline(true);
      const api = b.client.candidate(token);
      await expect.poll(async () => (await api.runs.get(runId!)).state, { timeout: 60_000, interval: 500 }).toBe('done');
      await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toBe('Connection lost: your run goes on on the server. Trying to reach it…');
      // Longer than the page used to keep trying (five polls, 15 s): it waits for the connection as long as the server keeps results.
      await page.waitForTimeout(20_000);
      expect(await status(page, fn).textContent()).toBe('');
      await expectAccessible(page, 'a run through a lost connection');
      await context.setOffline(false);
      await expect.poll(() => status(page, fn).textContent(), { timeout: 30_000 }).toBe('1 of 1 sample test passed.');
      // The live region says its words 60 ms after it empties (LiveRegion): the news may follow the results by that much.
      await expect.poll(() => page.getByTestId(`run-news-${fn}`).textContent(), { timeout: 5_000 }).toBe('The connection is back.');
      expect(await pendingRunId()).toBeUndefined();

      // --- Queued again, then the page is reloaded: the run is followed again and its results shown.
      await holdTheWorker('busy.reload@example.com');
      await run(page, fn);
      await expect.poll(() => progress.textContent(), { timeout: 10_000, interval: 50 }).toMatch(/^Queued \(\d+ ahead/);
      await page.reload();
      await page.getByTestId(`code-editor-${fn}`).locator('.cm-content').waitFor({ state: 'visible' });
      await expect.poll(() => status(page, fn).textContent(), { timeout: 60_000 }).toBe('1 of 1 sample test passed.');
      expect(await pendingRunId()).toBeUndefined();
      await expectAccessible(page, 'a run shown after a reload');
      // The browser logs the requests that failed while offline itself; the page handled them.
      expect(errors.filter((error) => !/^console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
