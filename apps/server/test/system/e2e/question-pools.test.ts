/**
 * Issue 34's question pools on the candidate page, in a real headless Chromium: two keyboard-only candidates take the
 * shipped pooled example (examples/tests/pooled-web-fundamentals.json: 3 of 6 questions drawn, questions and options
 * shuffled). Each page shows that candidate's draw in their order, options in their order; each candidate answers
 * the drawn questions right by Space on the options, submits, and is scored 3 of the 3 marks of the pool. The two
 * draws or orders differ; axe-core finds nothing at WCAG 2.2 A/AA on a shuffled section.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { CandidateSession, QuestionRecord } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo } from './page-helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../../../../examples/tests/pooled-web-fundamentals.json', import.meta.url));
const definition = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as TestDefinitionInput;

type Served = NonNullable<CandidateSession['test']['sections'][number]['questions']>[number];

describe('question pools on the candidate page, keyboard only (Chromium)', () => {
  let b: BrowserHarness;

  beforeAll(async () => {
    b = await startBrowserHarness();
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** The question and option test ids in the order the page shows them. */
  const pageOrder = (page: Page) =>
    page
      .locator('[data-testid]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''))
      .then((ids) => ids.filter((id) => /^question-\d+$/.test(id) || /^option-\d+-\d+$/.test(id)));

  it('two candidates get their own draw and order, answer it from the keyboard, and are scored on it', async () => {
    const { testId } = await b.client.tests.import(definition);
    const questions: readonly QuestionRecord[] = await b.store.attempts.questions(testId);
    const correctOf = (questionId: number): number[] => {
      const question = questions.find((entry) => entry.id === questionId)!.definition;
      return 'options' in question ? question.options.flatMap((option, optionId) => (option.correct ? [optionId] : [])) : [];
    };
    const variants: string[] = [];
    for (const [emailId, fullName] of [
      ['grace@example.com', 'Grace Hopper'],
      ['alan@example.com', 'Alan Turing'],
    ] as const) {
      const registration = await b.client.invitations.register(testId, { emailId, fullName });
      const token = new URL(registration.takeTestURL).pathname.split('/').at(-1)!;
      const { context, page, errors } = await b.openPage();
      try {
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        await tabTo(page, 'start-button');
        await page.keyboard.press('Enter');
        // The landing goes once the server has started the attempt: its session holds the draw only from then on.
        await page.getByTestId('start-button').waitFor({ state: 'detached' });
        const session = await b.client.candidate(token).session();
        const [pool] = session.test.sections;
        const drawn: Served[] = pool!.questions!;
        expect(drawn).toHaveLength(3);
        await page.getByTestId(`question-${drawn[0]!.questionId}`).waitFor({ state: 'visible' });

        // The page holds exactly the draw (then the coding section's task), in the candidate's order, options in theirs.
        const expected = session.test.sections
          .flatMap((section) => section.questions ?? [])
          .flatMap((question) => [
            `question-${question.questionId}`,
            ...('options' in question ? question.options.map((option) => `option-${question.questionId}-${option.optionId}`) : []),
          ]);
        expect(await pageOrder(page)).toEqual(expected);
        variants.push(expected.join(' '));
        await expectAccessible(page, 'a drawn, shuffled section');

        // Right answers from the keyboard, wherever the shuffle put them: a checkbox by Tab and Space; a radio group
        // is one Tab stop, its options reached (and chosen) by the arrow keys, as the platform does it.
        for (const question of drawn) {
          for (const optionId of correctOf(question.questionId)) {
            const target = `option-${question.questionId}-${optionId}`;
            if (question.type === 'multiple_choice') {
              await tabTo(page, target);
              await page.keyboard.press('Space');
              continue;
            }
            await tabTo(page, (now) => (now.testId ?? '').startsWith(`option-${question.questionId}-`));
            for (let step = 0; step < 4 && (await focused(page)).testId !== target; step += 1) await page.keyboard.press('ArrowDown');
            expect(await focused(page)).toMatchObject({ testId: target });
            await page.keyboard.press('Space');
            expect(await page.getByTestId(target).isChecked()).toBe(true);
          }
        }
        await expect.poll(() => page.getByTestId('save-status').textContent()).toBe('Saved');
        await tabTo(page, 'submit-button', { back: true });
        await page.keyboard.press('Enter');
        await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
        expect(await page.getByTestId('submit-summary').textContent()).toMatch(/^You have answered 3 of 4 questions/);
        await tabTo(page, 'confirm-submit');
        await page.keyboard.press('Enter');
        await page.getByTestId('thank-you').waitFor({ state: 'visible' });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
      await b.drainWorker();
      // 3 of the pool's 3 marks; the coding task unanswered. Out of the 8 this candidate's draw was worth.
      expect(await b.report(registration.testInvitationId)).toMatchObject({ reportStatus: 'Generated', score: '3', totalScore: '8', questions: 4 });
    }
    // 120 ordered draws times 24³ option orders: alike only by a one-in-1.6-million coincidence.
    expect(variants[0]).not.toBe(variants[1]);
  }, 240_000);
});
