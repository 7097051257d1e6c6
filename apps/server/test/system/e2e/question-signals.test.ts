/**
 * Issue 34's per-question evidence, in a real headless Chromium, from the keyboard: a candidate moves between two
 * choice questions of one section and two coding questions of another, types, pastes a whole answer into one editor
 * and submits; `/details` then holds a time for every question (several in a section), the paste by its size beside
 * its answer, the first keystroke, and the code's history that replays to the answer. The page stays axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { replayFrames, type TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, pasteInto, tabTo, submitByKeyboard } from './page-helpers.js';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Signals',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Choices',
      sectionType: 'general',
      duration: 10,
      questions: [
        { type: 'single_choice', text: 'Pick the first.', marks: 1, options: [{ text: 'first', correct: true }, { text: 'second' }] },
        { type: 'single_choice', text: 'Pick the second.', marks: 1, options: [{ text: 'first' }, { text: 'second', correct: true }] },
      ],
    },
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 20,
      questions: [
        { type: 'coding', text: 'Double a number.', marks: 5, functionName: 'double', starterCode: '', hiddenTests: [{ args: [2], expected: 4 }] },
        { type: 'coding', text: 'Triple a number.', marks: 5, functionName: 'triple', starterCode: '', hiddenTests: [{ args: [2], expected: 6 }] },
      ],
    },
  ],
};

/** A whole answer, pasted in one go (over the large-insertion threshold, several lines). */
const PASTED = 'function double(value) {\n  // doubled, as asked: the value plus itself\n  const twice = value + value;\n  return twice;\n}\n';

describe('per-question signals in a real browser (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it('times every question, keeps the paste by its size and the first keystroke, and the code history replays to the answer', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'paste@example.com', fullName: 'Pat Paste' });
    const invitationId = registration.testInvitationId;
    const [first, second, double, triple] = (await b.questionIds(testId)) as [number, number, number, number];
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      await page.getByTestId(`question-${first}`).waitFor({ state: 'visible' });

      // Two questions of one section, one after the other, from the keyboard.
      await tabTo(page, `option-${first}-0`);
      await page.keyboard.press('Space');
      await page.waitForTimeout(2_000);
      await tabTo(page, `option-${second}-0`);
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(2_000);

      // The coding section: a keystroke, then a whole answer pasted into the first editor.
      await tabTo(page, 'next-section');
      await page.keyboard.press('Enter');
      const editor = (id: number) => page.getByTestId(`code-editor-${id}`).locator('.cm-content');
      await editor(double).waitFor({ state: 'visible' });
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${double}`);
      await page.waitForTimeout(1_000);
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      // A paste as the browser delivers it, with its text.
      await pasteInto(page, double, PASTED);
      await expect.poll(async () => (await editor(double).innerText()).includes('return twice;')).toBe(true);
      await page.waitForTimeout(1_500);
      await expectAccessible(page, 'coding section after a paste');

      // The second editor, typed key by key.
      await page.keyboard.press('Escape');
      await tabTo(page, (now) => now.editor && now.testId === `code-editor-${triple}`);
      await page.keyboard.type('function triple(value) { return 3 * value;');
      await page.waitForTimeout(2_000);
      expect((await focused(page)).editor).toBe(true);

      await page.keyboard.press('Escape');
      await submitByKeyboard(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    await b.drainWorker();
    const details = await b.client.reports.details(invitationId);
    const byId = new Map(details.questions.map((question) => [question.questionId, question]));
    // Every question has its own time, the two of one section too.
    for (const id of [first, second, double, triple]) expect(byId.get(id)!.timeSpentSeconds, `question ${id}`).toBeGreaterThanOrEqual(1);
    expect(byId.get(first)!.timeSpentSeconds! + byId.get(second)!.timeSpentSeconds!).toBeLessThanOrEqual(details.sections[0]!.timeSpentSeconds! + 1);

    const pasted = byId.get(double)!;
    expect(pasted.signals).toMatchObject({
      pastes: 1,
      pastedChars: PASTED.length,
      events: [{ kind: 'paste', chars: PASTED.length, lines: PASTED.split('\n').length }],
    });
    expect(pasted.signals!.secondsToFirstKeystroke).not.toBeNull();
    const frames = pasted.coding!.playback!.frames.map((frame) => ({ ...frame, at: Date.parse(frame.at) }));
    expect(replayFrames(frames).at(-1)).toBe(pasted.coding!.code);
    expect(pasted.coding!.code).toContain('return twice;');

    const typed = byId.get(triple)!;
    expect(typed.signals).toMatchObject({ pastes: 0, largeInsertions: 0 });
    expect(typed.signals!.secondsToFirstKeystroke).not.toBeNull();
    expect(replayFrames(typed.coding!.playback!.frames.map((frame) => ({ ...frame, at: Date.parse(frame.at) }))).at(-1)).toBe(typed.coding!.code);
  }, 120_000);
});
