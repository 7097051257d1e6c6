import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@assay/client';
import { focused, pickLanguage, submitByKeyboard, tabTo } from '../../../server/test/system/e2e/page-helpers.js';
import { openAssayTui } from '../helpers/assay-tui.js';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import type { TmuxTerminal } from '../helpers/tmux.js';

const READY_TEST = 'Backend developer (Java), junior';
const CHROMIUM = '/usr/bin/chromium';

/**
 * Issue 62's first "done when", as its users do it: a new org opens the library in the TUI (tmux), imports the
 * "backend Java" ready test and invites a candidate there; the candidate takes it in headless Chromium with the
 * keyboard only, answering the drawn choice questions and running the drawn coding problem in Java in the jail; the
 * report is the test's, version 1, with the candidate's Java answer.
 */
describe('from the library to a candidate’s attempt', () => {
  let org: TestOrg;
  let terminal: TmuxTerminal;
  let browser: Browser;
  let takeTestUrl = '';
  let testId = 0;

  beforeAll(async () => {
    org = await newOrg('Library walk');
    terminal = openAssayTui(org.apiKey, mkdtempSync(join(tmpdir(), 'assay-library-walk-')));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });
  afterAll(async () => {
    terminal?.close();
    await browser?.close();
  });

  it('imports the backend Java ready test from the library in the TUI and invites a candidate', async () => {
    await terminal.waitFor('Assay › Tests');
    await terminal.keys('l');
    let screen = await terminal.waitFor(/ROLE\s+LEVEL\s+QUESTIONS\s+DURATION/);
    for (let press = 0; !screen.includes(`${READY_TEST} (backend-java-junior)`) && press < 12; press += 1) {
      await terminal.keys('Down');
      screen = await terminal.waitFor((now: string) => now !== screen);
    }
    expect(screen).toContain(`${READY_TEST} (backend-java-junior)`);
    await terminal.keys('Enter');
    await terminal.waitFor('as a new test of your organization?');
    await terminal.keys('y');
    const opened = await terminal.waitFor(/Backend developer \(Java\), junior #\d+ · Active · 9 questions · 45 min/, 30_000);
    expect(opened).toMatch(/^Assay › Tests › Library · ready tests › Backend developer \(Java\), junior/);
    expect(opened).toMatch(/Foundations\s+General Questions\s+8\s+20 min/);
    const [made] = (await org.client.tests.list()).tests;
    expect(made?.testName).toBe(READY_TEST);
    testId = made!.testId;

    await terminal.keys('n');
    await terminal.waitFor('Callback URL');
    await terminal.burst({ text: 'jo.java@example.com' }, 'Tab', { text: 'Jo Java' }, 'C-s');
    const registered = await terminal.waitFor('Send the candidate this URL');
    takeTestUrl = /(http:\/\/\S+\/t\/[\w-]+)/.exec(registered)?.[1] ?? '';
    expect(takeTestUrl.startsWith(`${serverUrl()}/t/`)).toBe(true);
  }, 120_000);

  it('is taken in Chromium with the keyboard, the coding problem run in Java, and reported', async () => {
    const token = takeTestUrl.split('/t/')[1]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'UTC' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(takeTestUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      // The Enter starts the attempt in the page's own request; the draw is read once that start has landed.
      await page.locator('article.question').first().waitFor({ state: 'visible' });
      const session = await createClient({ baseUrl: serverUrl() }).candidate(token).session();
      const [foundations, coding] = session.test.sections;
      const choices = (foundations?.questions ?? []).map((question) => question.questionId);
      expect(choices).toHaveLength(8);
      await page.getByTestId(`question-${choices[0]}`).waitFor({ state: 'visible' });
      // The options are shuffled (the ready test says so): whichever of a question's options the keyboard reaches first.
      for (const questionId of choices) {
        await tabTo(page, (now) => now.testId?.startsWith(`option-${questionId}-`) === true);
        await page.keyboard.press('Space');
      }
      await expect.poll(() => page.getByTestId('save-announcement').textContent(), { timeout: 15_000 }).toBe('All answers saved.');

      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      const [problem] = coding?.questions ?? [];
      expect(problem?.type).toBe('coding');
      const questionId = problem!.questionId;
      await page.getByTestId(`code-editor-${questionId}`).locator('.cm-content').waitFor({ state: 'visible' });
      const languages = problem!.type === 'coding' ? problem!.languages : [];
      expect(languages).toContain('java');
      await pickLanguage(page, questionId, languages[0]!, 'java', languages);
      await page.getByTestId(`code-editor-${questionId}`).locator('.cm-content').waitFor({ state: 'visible' });
      // The candidate writes in the Java starter (a first line of their own); it compiles and runs in the jail: its
      // samples fail (the stub returns a default), but they ran.
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${questionId}`);
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.insertText('// Jo Java: a first try\n');
      await page.keyboard.press('Escape');
      await tabTo(page, `run-samples-${questionId}`);
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ testId: `run-samples-${questionId}` });
      const status = page.getByTestId(`run-status-${questionId}`);
      await expect.poll(() => status.textContent(), { timeout: 120_000 }).toMatch(/of \d+ sample tests? passed/);
      await expect.poll(() => page.getByTestId('save-announcement').textContent(), { timeout: 15_000 }).toBe('All answers saved.');

      await submitByKeyboard(page, { back: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const invitationId = (await org.client.invitations.list(testId)).invitations[0]!.testInvitationId;
    await expect.poll(async () => (await org.client.reports.details(invitationId)).status.reportStatus, { timeout: 120_000 }).toBe('Generated');
    const details = await org.client.reports.details(invitationId);
    expect(details.test).toMatchObject({ testId, testName: READY_TEST, version: 1 });
    expect(details.status.testStatus).toBe('Completed');
    expect(details.questions.filter((question) => question.answered)).toHaveLength(9);
    expect(details.questions.find((question) => question.type === 'coding')?.coding?.language).toBe('java');
  }, 300_000);
});
