/**
 * Issue 59, the page's frame, in a real headless Chromium, keyboard only: the landing describes the test's real
 * question kinds and languages and says, before the clock starts, that copy-paste is off and how many departures end
 * the test (decision 1121); on a test with code the practice question is a small coding one, run and never recorded
 * (decision 1125); an SQL question's schema and sample data read as tables that wrap at 320 px (decision 1122) and
 * its editor completes the tables and columns (decision 1123); code written in a second language survives a reload
 * (decision 1124). axe-core finds nothing at WCAG 2.2 A/AA in those states, at 1280 and 320 px, light and dark.
 */
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_QUESTION_ID, type TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, pickLanguage, tabTo, typeCode } from './page-helpers.js';

const SCHEMA =
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount INTEGER NOT NULL);';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Frame',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of two numbers.',
          marks: 5,
          languages: ['python', 'javascript'],
          functionName: 'add',
          sampleTests: [{ args: [1, 2], expected: 3 }],
          hiddenTests: [{ args: [2, 2], expected: 4 }],
        },
        {
          type: 'coding',
          form: 'sql',
          text: 'For every customer with an order, their `name` and how many orders they placed as `total`.',
          marks: 5,
          languages: ['sqlite', 'postgresql'],
          sql: { schema: SCHEMA, ordered: false, checkColumnNames: true },
          sampleTests: [
            {
              seed: "INSERT INTO customers (id, name) VALUES (1, 'ann'), (2, 'bob'); INSERT INTO orders VALUES (1, 1, 30), (2, 1, 12), (3, 2, 40);",
              columns: ['name', 'total'],
              rows: [
                ['ann', 2],
                ['bob', 1],
              ],
            },
          ],
          hiddenTests: [{ seed: "INSERT INTO customers VALUES (1, 'cy');", columns: ['name', 'total'], rows: [] }],
        },
      ],
    },
  ],
};

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 320, height: 640 },
];

/** axe at both widths, light and dark, back at 1280 and light after. */
const accessibleEverywhere = async (page: Page, state: string) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectAccessible(page, `${state} at ${viewport.width}px, ${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS[0]!);
};

/** Whether the element scrolls sideways (its content wider than itself). */
const scrollsSideways = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate(
      (element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > element.ownerDocument.documentElement.clientWidth,
    );

/** The labels CodeMirror's completion offers now (its tooltip is in the editor's shadow root). */
const completions = (page: Page, questionId: number) =>
  page.getByTestId(`code-editor-${questionId}`).locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents();

describe("the page's frame told truly (issue 59, Chromium, keyboard only)", () => {
  let b: BrowserHarness;
  let testId: number;
  let functionQuestion = 0;
  let sqlQuestion = 0;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition));
    [functionQuestion = 0, sqlQuestion = 0] = await b.questionIds(testId);
    const orgId = (await b.store.db.selectFrom('tests').select('org_id').where('id', '=', testId).executeTakeFirstOrThrow()).org_id;
    const settings = (await b.store.testSettings.get(orgId, testId))!;
    await b.store.testSettings.put(orgId, testId, {
      ...settings,
      windowViolationSettings: {
        ...settings.windowViolationSettings,
        copyPaste: false,
        displayViolationSettings: {
          ...settings.windowViolationSettings.displayViolationSettings,
          terminateTestOnWindowViolation: true,
          terminateTestAfterViolationCount: 3,
        },
      },
    });
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('the landing describes the test and its rules; the practice question is a coding one, run and never recorded', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'landing@example.com', fullName: 'Lana Landing' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      const rules = await page.getByTestId('landing-rules').locator('li').allTextContents();
      expect(rules).toContain('This test has coding questions.');
      expect(rules).toContain(
        'In coding questions you write a function in JavaScript or Python, or one query in SQL (SQLite) or SQL (PostgreSQL). Where a question accepts several languages, you choose one. You can run the sample tests up to 30 times in 5 minutes.',
      );
      expect(rules).toContain(
        'Copy and paste are turned off for this test: type your answers yourself. Attempts to paste are recorded (their size, never their text).',
      );
      expect(rules).toContain('Leaving the test tab or window more than 3 times ends your test.');
      expect(rules.join(' ')).not.toContain('TypeScript');

      // The practice: opened and answered from the keyboard, in the test's first form and languages.
      await tabTo(page, (now) => now.tag === 'SUMMARY');
      await page.keyboard.press('Enter');
      const practice = page.getByTestId('practice-coding');
      await practice.locator('.cm-content').waitFor({ state: 'visible' });
      expect(await practice.textContent()).toContain('Practice: return the sum of the two whole numbers');
      await accessibleEverywhere(page, 'landing with the coding practice open');
      // JavaScript first: the test's languages in the registry's order.
      expect(await page.getByTestId(`language-${PRACTICE_QUESTION_ID}-javascript`).getAttribute('aria-pressed')).toBe('true');
      await typeCode(page, PRACTICE_QUESTION_ID, 'function add(a, b) {\n  return a + b;\n}');
      await tabTo(page, `run-samples-${PRACTICE_QUESTION_ID}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`run-status-${PRACTICE_QUESTION_ID}`).textContent(), { timeout: 120_000 }).toBe('2 of 2 sample tests passed.');

      // Nothing of it was recorded: no answer, no run counted, the clock not started.
      const invitationId = registration.testInvitationId;
      expect(await b.store.db.selectFrom('answers').selectAll().where('invitation_id', '=', invitationId).execute()).toEqual([]);
      expect(await b.store.db.selectFrom('sample_runs').selectAll().where('invitation_id', '=', invitationId).execute()).toEqual([]);
      expect((await b.store.db.selectFrom('invitations').select('status').where('id', '=', invitationId).executeTakeFirstOrThrow()).status).toBe('Pending');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it("an invitation without instructions (v3's hideInstruction) still says, before the clock starts, what ends the test", async () => {
    const invited = await b.client.v3.invitations.invite(testId, { email: 'no.rules@example.com', name: 'Nora Rules', hideInstruction: true });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(invited.testUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('landing-rules').count()).toBe(0);
      expect(await page.getByTestId('landing-conditions').locator('li').allTextContents()).toEqual([
        'Copy and paste are turned off for this test: type your answers yourself. Attempts to paste are recorded (their size, never their text).',
        'Leaving the test tab or window more than 3 times ends your test.',
      ]);
      await accessibleEverywhere(page, 'landing without instructions, with its conditions');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('an SQL question: the schema and data as tables wrapping at 320 px, and completion of its tables and columns', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'sql@example.com', fullName: 'Sequel' });
    const { context, page, errors } = await b.openPage({ viewport: { width: 320, height: 640 } });
    try {
      await page.goto(registration.takeTestURL);
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      const schema = page.getByTestId(`sql-schema-${sqlQuestion}`);
      await schema.waitFor({ state: 'visible' });
      const tables = schema.locator('table');
      expect(await tables.count()).toBe(2);
      expect(await tables.nth(0).locator('caption').textContent()).toBe('Table customers');
      expect(await tables.nth(1).locator('tbody tr').allTextContents()).toEqual([
        'idINTEGER PRIMARY KEY',
        'customer_idINTEGER NOT NULL REFERENCES customers(id)',
        'amountINTEGER NOT NULL',
      ]);
      expect(await scrollsSideways(page, `sql-schema-${sqlQuestion}`)).toBe(false);
      // The SQL as written is one disclosure away, wrapped.
      expect(await schema.textContent()).toContain('CREATE TABLE customers');
      // The sample's data: rows by table, the orders' columns named from the schema.
      const data = page.getByTestId(`question-${sqlQuestion}`).locator('.sample-rows table');
      expect(await data.nth(0).locator('tbody tr').allTextContents()).toEqual(['1ann', '2bob']);
      expect(await data.nth(1).locator('thead th').allTextContents()).toEqual(['id', 'customer_id', 'amount']);
      await accessibleEverywhere(page, 'an SQL question with its schema as tables');

      await page.setViewportSize({ width: 1280, height: 800 });
      const editor = page.getByTestId(`code-editor-${sqlQuestion}`).locator('.cm-content');
      await editor.waitFor({ state: 'visible' });
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${sqlQuestion}`);
      await page.keyboard.insertText('SELECT * FROM cust');
      await page.keyboard.press('Control+Space');
      await expect.poll(() => completions(page, sqlQuestion)).toContain('customers');
      await page.keyboard.press('Escape');
      // Select all and delete first: Chromium's own replacing of a selection trips the page's CSP (as typeCode knows).
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText('SELECT customers.');
      await page.keyboard.press('Control+Space');
      await expect.poll(() => completions(page, sqlQuestion)).toEqual(expect.arrayContaining(['id', 'name']));
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('code written in a second language is there after a reload when the candidate switches back', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'drafts@example.com', fullName: 'Dora Drafts' });
    const { context, page, errors } = await b.openPage();
    const PYTHON = 'def add(a, b):\n    return a + b  # mine';
    const JAVASCRIPT = 'function add(a, b) { return a + b; }';
    try {
      await page.goto(registration.takeTestURL);
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`code-editor-${functionQuestion}`).locator('.cm-content').waitFor({ state: 'visible' });
      await typeCode(page, functionQuestion, PYTHON);
      await pickLanguage(page, functionQuestion, 'python', 'javascript', ['python', 'javascript'], { back: true });
      // The dialog's promise: "If you come back to Python, your code is still there."
      await page.getByTestId('language-dialog').waitFor({ state: 'visible' });
      expect(await page.getByTestId('language-dialog').textContent()).toContain('If you come back to Python, your code is still there.');
      await tabTo(page, 'language-starter');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`language-${functionQuestion}-javascript`).getAttribute('aria-pressed')).toBe('true');
      await typeCode(page, functionQuestion, JAVASCRIPT);
      await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');

      await page.reload();
      const editor = page.getByTestId(`code-editor-${functionQuestion}`).locator('.cm-content');
      await editor.waitFor({ state: 'visible' });
      expect((await editor.innerText()).trim()).toBe(JAVASCRIPT);
      await pickLanguage(page, functionQuestion, 'javascript', 'python', ['python', 'javascript']);
      await expect.poll(() => page.getByTestId(`language-${functionQuestion}-python`).getAttribute('aria-pressed')).toBe('true');
      // No dialog: the Python code comes back as it was.
      expect(await page.getByTestId('language-dialog').count()).toBe(0);
      await expect.poll(async () => (await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(PYTHON.replace(/\s+/g, ' ').trim());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
