/**
 * Issue 49's acceptance, in a real headless Chromium with the keyboard only: one test whose function question accepts
 * every language of the registry but SQL and whose SQL question accepts both dialects. Candidates answer in every
 * native language but C (each picks the language with the arrow keys of the picker), run the samples, answer the SQL question
 * (half in SQLite, half in PostgreSQL) and submit; right answers score full marks. One more candidate sees a compile
 * error at their own line, then answers wrong in C: partial marks.
 */
import type { Page } from 'playwright-core';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestDefinition } from '@assay/domain';
import { ALL_LANGUAGES, languageProfile, type LanguageId } from '@assay/domain/languages';
import type { LanguageFixture } from '../../../../../packages/sandbox/test/languages/fixture.js';
import { loadLanguageFixtures } from '../../../../../packages/sandbox/test/languages/fixtures.js';
import { engineOf } from '../../../../../packages/sandbox/src/engines.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { pickLanguage as pickFromToolbar, tabTo, typeCode, submitByKeyboard } from './page-helpers.js';

/** Every language that answers a function question, in the picker's (the registry's) order. */
const LANGUAGES = ALL_LANGUAGES.filter((language) => languageProfile(language).forms.includes('function'));
const FIXTURES = await loadLanguageFixtures(LANGUAGES);
const fixtureOf = (language: LanguageId): LanguageFixture => {
  const fixture = FIXTURES.get(language);
  if (fixture === undefined) throw new Error(`no packages/sandbox/test/languages/${language}.ts`);
  return fixture;
};
/** C has its own candidate below (a compile error, then a wrong answer). */
const cFixture = fixtureOf('c');

const definition: z.input<typeof TestDefinition> = {
  testName: 'Every language',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return the k largest scores, largest first.',
          marks: 6,
          languages: [...LANGUAGES],
          functionName: 'topScores',
          signature: {
            params: [
              { name: 'scores', type: 'int[]' },
              { name: 'k', type: 'int' },
            ],
            returns: 'int[]',
          },
          sampleTests: [{ args: [[5, 1, 9, 3], 2], expected: [9, 5] }],
          hiddenTests: [
            { args: [[7, 3], 1], expected: [7] },
            { args: [[-2, -8, 0, 4, 4], 3], expected: [4, 4, 0] },
          ],
        },
        {
          type: 'coding',
          form: 'sql',
          text: 'Total points per player.',
          marks: 4,
          languages: ['sqlite', 'postgresql'],
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
          hiddenTests: [{ seed: "INSERT INTO scores VALUES ('cy', 1), ('cy', 2);", columns: ['name', 'total'], rows: [['cy', 3]] }],
        },
      ],
    },
  ],
} as z.input<typeof TestDefinition>;

const SQL_ANSWER = 'SELECT name, SUM(points) AS total FROM scores GROUP BY name';

/** Picks `language` in a question's picker with the keyboard, and waits for it to be the one pressed. */
const pickLanguage = async (page: Page, questionId: number, from: string, to: string, order: readonly string[]) => {
  await pickFromToolbar(page, questionId, from, to, order);
  await expect.poll(() => page.getByTestId(`language-${questionId}-${to}`).getAttribute('aria-pressed')).toBe('true');
};

const runSamples = async (page: Page, questionId: number): Promise<string> => {
  await tabTo(page, `run-samples-${questionId}`);
  await page.keyboard.press('Enter');
  const status = page.getByTestId(`run-status-${questionId}`);
  await expect.poll(() => status.textContent(), { timeout: 120_000 }).toMatch(/passed|rror/);
  return (await status.textContent()) ?? '';
};

describe('candidates answering in every language, keyboard only (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  let functionQuestion = 0;
  let sqlQuestion = 0;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
    [functionQuestion = 0, sqlQuestion = 0] = await b.questionIds(testId);
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** One candidate's attempt: the function question in `fixture`'s language with `code`, the SQL one in `dialect`. */
  const attempt = async (name: string, fixture: LanguageFixture, code: string, dialect: 'sqlite' | 'postgresql', expectRun: RegExp) => {
    const registration = await b.client.invitations.register(testId, { emailId: `${name}@example.com`, fullName: name });
    const { context, page, errors } = await b.openPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`code-editor-${functionQuestion}`).locator('.cm-content').waitFor({ state: 'visible' });
      await pickLanguage(page, functionQuestion, 'javascript', fixture.language, LANGUAGES);
      await typeCode(page, functionQuestion, code);
      expect(await runSamples(page, functionQuestion)).toMatch(expectRun);
      if (dialect === 'postgresql') await pickLanguage(page, sqlQuestion, 'sqlite', 'postgresql', ['sqlite', 'postgresql']);
      // The SQL question states its task, schema and sample rows as SQL, never as a function to write.
      const sqlTask = page.getByTestId(`question-${sqlQuestion}`);
      expect(await page.getByTestId(`sql-schema-${sqlQuestion}`).textContent()).toContain('CREATE TABLE scores');
      const sqlText = (await sqlTask.textContent()) ?? '';
      expect(sqlText).toContain(`Write one SQL (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}) query.`);
      expect(sqlText).not.toContain('function named');
      await typeCode(page, sqlQuestion, SQL_ANSWER);
      expect(await runSamples(page, sqlQuestion)).toBe('1 of 1 sample test passed.');
      await submitByKeyboard(page, { back: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    return registration.testInvitationId;
  };

  const fixtures = LANGUAGES.filter((language) => engineOf(language).family === 'native' && language !== 'c').map(fixtureOf);
  fixtures.forEach((fixture, index) => {
    const dialect = index % 2 === 0 ? 'sqlite' : 'postgresql';
    it(`${fixture.language} (and SQL in ${dialect}): right answers score full marks`, async () => {
      const invitationId = await attempt(`${fixture.language}.candidate`, fixture, fixture.correct, dialect, /^1 of 1 sample test passed\.$/);
      await b.drainWorker();
      expect((await b.report(invitationId)).score).toBe('10');
    }, 300_000);
  });

  it('C: a compile error shows the candidate’s own line; a wrong answer scores partial marks', async () => {
    const compileError = cFixture.compileError!;
    const registration = await b.client.invitations.register(testId, { emailId: 'c.slip@example.com', fullName: 'C Slip' });
    const { context, page } = await b.openPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(registration.takeTestURL);
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`code-editor-${functionQuestion}`).locator('.cm-content').waitFor({ state: 'visible' });
      await pickLanguage(page, functionQuestion, 'javascript', 'c', LANGUAGES);
      await typeCode(page, functionQuestion, compileError.code);
      expect(await runSamples(page, functionQuestion)).toMatch(new RegExp(`did not compile: .*the first on line ${compileError.line}\\.`));
    } finally {
      await context.close();
    }
    const invitationId = await attempt('c.wrong', cFixture, cFixture.wrong, 'sqlite', /^0 of 1 sample test passed\.$/);
    await b.drainWorker();
    expect((await b.report(invitationId)).score).toBe('4');
  }, 300_000);
});
