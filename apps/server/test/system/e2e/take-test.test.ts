/**
 * End to end, in a real headless Chromium (Debian's `/usr/bin/chromium`, driven by playwright-core; no browser
 * download): an organisation registers a candidate through the v2 API, the candidate takes the test on the
 * real page served by a listening Assay (answers, a coding question run against its samples, one switch away
 * from the tab, a reload mid-test), submits and lands on the organisation's redirect URL; the v2 report, the
 * PDF and the Excel workbook then show the attempt.
 *
 * `scripts/test.sh` installs Chromium (`ensure_chromium`). With ASSAY_SCREENSHOTS=1 the test also writes the
 * README's screenshots to docs/screenshots/ (landing.png, question.png, finish.png).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUM_SOLUTION } from '../../helpers/candidate.js';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { pdfText } from '../../helpers/pdf-text.js';
import { realFocus, startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { closeServer, startRedirectTarget } from './page-helpers.js';

const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../../docs/screenshots/', import.meta.url));
const SCREENSHOTS = process.env.ASSAY_SCREENSHOTS === '1';
const CANDIDATE = { emailId: 'ada.lovelace@example.com', fullName: 'Ada Lovelace' };

/** Rows of a worksheet as objects keyed by its header row. */
const sheetRows = (sheet: ExcelJS.Worksheet): Record<string, unknown>[] => {
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
  const headers = values(sheet.getRow(1)).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(headers.map((header, index) => [header, values(row)[index] ?? null])));
  });
  return rows;
};

describe('taking a test in a real browser (Chromium)', () => {
  let b: BrowserHarness;
  let redirect: Awaited<ReturnType<typeof startRedirectTarget>> | undefined;

  const screenshot = async (page: Page, name: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
  };

  beforeAll(async () => {
    redirect = await startRedirectTarget();
    b = await startBrowserHarness();
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await closeServer(redirect?.server);
  }, 60_000);

  it('registers through the API, takes the test with a reload and a tab switch, submits, redirects, and reports the score', async () => {
    // --- The organisation: imports the test and registers the candidate, with a redirect URL.
    const { testId } = await b.client.tests.import(sampleDefinition);
    const registration = await b.client.invitations.register(testId, {
      ...CANDIDATE,
      redirectURL: redirect!.url,
    });
    const invitationId = registration.testInvitationId;
    expect(registration.takeTestURL.startsWith(`${b.baseUrl}/t/`)).toBe(true);

    // The question ids, as the page names them (data-testids).
    const token = new URL(registration.takeTestURL).pathname.split('/').at(-1)!;
    const [single, multiple, coding] = await b.questionIds(testId);
    const { context, page, errors: pageErrors } = await b.openPage();

    try {
      // --- Landing page.
      await page.goto(registration.takeTestURL);
      const start = page.getByTestId('start-button');
      await start.waitFor({ state: 'visible' });
      expect(await page.locator('h1').textContent()).toBe('Backend screening');
      expect(await page.getByText('Hello Ada Lovelace.').isVisible()).toBe(true);
      expect(await start.isEnabled()).toBe(true);
      await screenshot(page, 'landing');

      // --- Start, then the general section: single choice (option 1) and multiple choice (options 0 and 1).
      await start.click();
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });
      await expect.poll(() => page.getByTestId('timer').textContent()).toMatch(/^(59|1:00):\d\d/);
      await page.getByTestId(`option-${single}-1`).check();
      await page.getByTestId(`option-${multiple}-0`).check();
      await page.getByTestId(`option-${multiple}-1`).check();
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');

      // --- The coding section: the solution in the editor (CodeMirror, in a shadow root), and the samples pass.
      await page.getByTestId('next-section').click();
      const editor = page.getByTestId(`code-editor-${coding}`).locator('.cm-content');
      await editor.waitFor({ state: 'visible' });
      // Select all, delete, then type the solution as one insertion (key by key, the editor's auto-closed
      // brackets would double the `}`). Typing straight over the selection works too, but Chromium's editing then
      // tries to keep the colour of the replaced keyword as an inline style, which the page's CSP (rightly)
      // blocks and reports: harmless, yet noise for the "no errors on the page" check below.
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      expect(await editor.textContent()).toBe('');
      await page.keyboard.insertText(SUM_SOLUTION);
      expect(await editor.textContent()).toBe(SUM_SOLUTION);
      await page.getByTestId(`run-samples-${coding}`).click();
      const samples = page.getByTestId(`sample-results-${coding}`);
      // The summary says "Running the sample tests…" first, then the outcome.
      await expect.poll(() => samples.locator('.run-summary').textContent(), { timeout: 20_000 }).toBe('1 of 1 sample test passed.');
      expect(await page.getByTestId(`sample-case-${coding}-0`).getAttribute('data-passed')).toBe('true');
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
      await page.getByTestId(`question-${coding}`).scrollIntoViewIfNeeded();
      await screenshot(page, 'question');

      // --- Away from the tab once: another tab in front for a while, then back. The server counts it.
      // Playwright emulates focus for every page of a headless browser (each page always "has focus", so no
      // blur ever fires). Turned off for this step, bringing another tab to the front really takes the focus
      // from the test page: the window fires `blur`, and `focus` when the test page is back in front. (Headless
      // Chromium has no real window to hide, so visibilityState stays "visible"; the page counts either.)
      expect((await b.report(invitationId)).wv).toBe(0);
      const restoreFocus = await realFocus(context, page);
      const other = await context.newPage();
      await other.bringToFront();
      await expect.poll(() => page.evaluate<boolean>('document.hasFocus()')).toBe(false);
      await other.waitForTimeout(1_500);
      await page.bringToFront();
      await expect.poll(() => page.evaluate<boolean>('document.hasFocus()')).toBe(true);
      await other.close();
      await restoreFocus();
      await expect.poll(async () => (await b.report(invitationId)).wv, { timeout: 10_000 }).toBe(1);
      // Back in time for `returned`: about 1.5 s away, not the whole test.
      await expect.poll(async () => (await b.report(invitationId)).tv, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      expect((await b.report(invitationId)).tv).toBeLessThanOrEqual(5);

      // --- Reload mid-test: the answers come back from the server (nothing is left unsent in this browser's
      // offline copy), and the page reopens the section it was on.
      expect(await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(`assay.answers.${token}`)})`)).toBeNull();
      await page.reload();
      await editor.waitFor({ state: 'visible' });
      expect(await editor.textContent()).toBe(SUM_SOLUTION);
      await page.getByTestId('section-tab-0').click();
      await page.getByTestId(`question-${single}`).waitFor({ state: 'visible' });
      expect(await page.getByTestId(`option-${single}-1`).isChecked()).toBe(true);
      expect(await page.getByTestId(`option-${single}-0`).isChecked()).toBe(false);
      expect(await page.getByTestId(`option-${multiple}-0`).isChecked()).toBe(true);
      expect(await page.getByTestId(`option-${multiple}-1`).isChecked()).toBe(true);
      expect(await page.getByTestId(`option-${multiple}-2`).isChecked()).toBe(false);
      expect(await page.getByTestId('section-tab-0').locator('.section-tab-progress').textContent()).toBe('2/2 answered');
      expect(await page.getByTestId('section-tab-1').locator('.section-tab-progress').textContent()).toBe('1/1 answered');

      // --- Submit, confirm: the thank-you page, then the organisation's redirect URL.
      await page.getByTestId('submit-button').click();
      expect(await page.getByTestId('submit-summary').textContent()).toBe('You have answered 3 of 3 questions. Every question has an answer.');
      await page.getByTestId('confirm-submit').click();
      const thanks = page.getByTestId('thank-you');
      await thanks.waitFor({ state: 'visible' });
      expect(await thanks.locator('h1').textContent()).toBe('Thank you, Ada Lovelace');
      expect(await thanks.getAttribute('data-reason')).toBe('submitted');
      expect(await page.getByTestId('redirect-message').textContent()).toMatch(/^You will be taken to 127\.0\.0\.1:\d+ in 1[45] seconds\.$/);
      await screenshot(page, 'finish');
      // Nobody pauses it: the countdown (15 s) ends on the organisation's page.
      await page.waitForURL((url) => url.href === redirect!.url, { timeout: 30_000 });
      expect(await page.locator('h1').textContent()).toBe('Thanks from Acme');
      expect(redirect!.hits).toContain('/after-test?candidate=ada');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }

    // --- The report (v2): scored by the outbox worker, as `pnpm start` runs it; 2 + 3 + 5 of 10.
    await b.drainWorker();
    const final = await b.report(invitationId);
    expect(final).toMatchObject({
      ...CANDIDATE,
      testName: 'Backend screening',
      score: '10',
      totalScore: '10',
      testStatus: 'Completed',
      reportStatus: 'Generated',
    });
    // The tab switch counts; the reload does not (the page was back within seconds).
    expect(final.wv).toBe(1);
    expect(await b.client.reports.sections(invitationId)).toEqual([
      { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 5 },
      { sectionName: 'Coding', sectionScore: 5, candidateScore: 5 },
    ]);
    // The page told the server which section it showed when: both were viewed, so both have a time.
    const details = await b.client.reports.details(invitationId);
    expect(details.sections.map((section) => section.timeSpentSeconds)).toEqual([expect.any(Number), expect.any(Number)]);

    // --- The PDF shows the candidate and the score.
    const pdfFile = await b.client.reports.pdf(invitationId);
    expect(pdfFile.contentType).toBe('application/pdf');
    const pdf = Buffer.from(await pdfFile.bytes());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const shown = pdfText(pdf);
    expect(shown).toContain('Ada Lovelace');
    expect(shown).toContain('10 / 10');
    expect(shown).toContain('100% of the marks');

    // --- The Excel workbook of the test has the candidate's row with the score.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await (await b.client.reports.excel(testId)).bytes()).buffer);
    const rows = sheetRows(workbook.getWorksheet('Candidates')!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ testInvitationId: invitationId, ...CANDIDATE, score: 10, totalScore: 10, testStatus: 'Completed' });
  }, 90_000);
});
