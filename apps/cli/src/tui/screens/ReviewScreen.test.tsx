import { candidateTokenOf, createClient, type AssayClient } from '@assay/client';
import { writtenTest } from '@assay/testing';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, type Rendered } from '../../../test/helpers/render.js';
import { HINTS } from '../hints.js';
import { ReviewScreen } from './ReviewScreen.js';

/** Forty numbered lines: more than the screen shows at once. */
const LONG_ESSAY = Array.from({ length: 40 }, (_, index) => `Step ${index + 1}: look again.`).join('\n');

const submit = async (client: AssayClient, testId: number, emailId: string, fullName: string, answers: { short: string; essay: string }) => {
  const registration = await client.invitations.register(testId, { emailId, fullName });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const session = await attempt.start();
  const [choice, short, essay] = session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
  await attempt.saveAnswer(choice!, { optionIds: [1] });
  await attempt.saveAnswer(short!, { text: answers.short });
  await attempt.saveAnswer(essay!, { text: answers.essay });
  await attempt.submit();
  return registration.testInvitationId;
};

describe('ReviewScreen against a real server, with a reviewer key', () => {
  let org: TestOrg;
  let reviewer: AssayClient;
  let testId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Review');
    testId = (await org.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const key = await admin.admin.keys.create(org.orgId, { role: 'reviewer', label: 'TUI panel' });
    reviewer = createClient({ baseUrl: serverUrl(), apiKey: key.apiKey, retries: 0 });
    await submit(org.client, testId, 'ada@example.com', 'Ada Lovelace', { short: 'Lyon', essay: LONG_ESSAY });
    await submit(org.client, testId, 'lin@example.com', 'Lin Ting', { short: 'Paris', essay: 'Count with a map.' });
    // The server's worker scores the attempts: the queue fills once both are scored.
    await vi.waitFor(async () => expect((await reviewer.grading.queue(testId)).itemsCount).toBe(3), { timeout: 20_000, interval: 200 });
  });
  afterEach(() => screen?.unmount());

  it('grades answer after answer with number keys, rubric criteria and a comment; shows a refusal in place; counts the progress', async () => {
    screen = renderScreen(<ReviewScreen testId={testId} testName="Written answers" />, { client: reviewer, size: { columns: 80, rows: 30 } });
    const first = await screen.waitFor('0 of 3 graded');
    expect(first).toContain('Answer 1 of 3');
    expect(first).toContain('Capital of France?');
    expect(first).toContain('Ada Lovelace <ada@example.com>');
    expect(first).toMatch(/Lyon/);
    expect(screen.chrome()).toMatchObject({ title: 'Review Written answers', hints: HINTS.review, typing: false });

    // Over the question's marks: the server's refusal, in place, and the draft kept.
    await screen.press('3', KEYS.enter);
    await screen.waitFor("400.19: marks is 3, over this question's 2. Give 0 to 2.");
    expect(screen.lastFrame()).toContain('Answer 1 of 3');
    await screen.press(KEYS.backspace, '1', KEYS.enter);
    const second = await screen.waitFor('1 of 3 graded');
    expect(second).toContain('Saved 1 of 2 for invitation');
    expect(second).toContain('Answer 2 of 3');
    expect(second).toContain('Explain your approach.');
    expect(second).toMatch(/› Correctness ·\/3\n\s+Clarity ·\/2\n\s+= — of 5/);

    // Each criterion its marks (Tab between them), then the comment: typed, q and n included.
    await screen.press('2', KEYS.tab, '1');
    await screen.waitFor(/= 3 of 5/);
    await screen.press(KEYS.tab);
    await screen.expectChrome({ hints: HINTS.reviewComment, typing: true });
    await screen.burst('quite neat');
    await screen.press(KEYS.ctrlS);
    await screen.waitFor('2 of 3 graded');
    expect(screen.passed).toEqual([]);

    const queue = await org.client.grading.queue(testId, { by: 'question' });
    const graded = queue.items.filter((item) => item.grade !== null).map((item) => item.grade);
    expect(graded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ marks: 1, criteria: [], comment: null, gradedBy: expect.objectContaining({ label: 'TUI panel' }) }),
        expect.objectContaining({
          marks: 3,
          criteria: [
            { criterion: 'Correctness', marks: 2 },
            { criterion: 'Clarity', marks: 1 },
          ],
          comment: 'quite neat',
        }),
      ]),
    );

    // Back to the first answer: its grade, by whom.
    await screen.press('p', 'p');
    await screen.waitFor(/Answer 1 of 3[\s\S]*Graded 1 of 2 by TUI panel/);
    await screen.press('q');
    expect(screen.passed).toEqual([{ type: 'char', char: 'q' }]);
  });

  it('scrolls a long answer, and hides the candidates when blind', async () => {
    screen = renderScreen(<ReviewScreen testId={testId} testName="Written answers" />, { client: reviewer });
    await screen.waitFor('of 3 graded');
    // By candidate, Ada's answers come first: her short answer (graded above), then her long essay. The screen lands on
    // the essay still awaiting a grade — hers or Lin's, as the first test's random by-question order left them — so
    // p, p, n goes to answer 2 from either.
    await screen.press('o');
    await screen.waitFor(/by candidate[\s\S]*Answer [23] of 3/);
    await screen.press('p', 'p', 'n');
    const essay = await screen.waitFor(/Answer 2 of 3[\s\S]*lines 1–\d+ of 40/);
    expect(essay).toContain('Step 1: look again.');
    await screen.press(KEYS.down, KEYS.down);
    const scrolled = await screen.waitFor(/lines 3–\d+ of 40/);
    expect(scrolled).not.toContain('Step 2: look again.');
    expect(scrolled).toContain('Step 3: look again.');
    await screen.press('b');
    await screen.waitFor('by candidate · blind');
    const blind = await screen.waitFor('candidate hidden');
    expect(blind).not.toContain('Ada Lovelace');
    // Issue 48, item 10: no invitation id either, before or after a grade (the grade goes by the queue's reference).
    expect(blind).not.toMatch(/invitation/);
    await screen.press('p', 'p');
    await screen.waitFor(/Answer 1 of 3[\s\S]*Graded 1 of 2/);
    await screen.press('0', KEYS.enter);
    const saved = await screen.waitFor('Saved 0 of 2.');
    expect(saved).not.toMatch(/invitation|Ada|Lin Ting|\d+@/);
  });

  it('shows a blind-reviewer key its queue blind, names and ids hidden, though it never asked', async () => {
    const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const key = await admin.admin.keys.create(org.orgId, { role: 'blind-reviewer', label: 'Blind panel' });
    const blindKey = createClient({ baseUrl: serverUrl(), apiKey: key.apiKey, retries: 0 });
    screen = renderScreen(<ReviewScreen testId={testId} testName="Written answers" />, { client: blindKey });
    const frame = await screen.waitFor(/by question · blind[\s\S]*candidate hidden/);
    expect(frame).not.toMatch(/invitation|Ada|Lin Ting/);
  });
});
