/**
 * Issue 60's "Done when", walked once in a real headless Chromium against a real OpenAI-compatible peer, on one server
 * (SQLite) and one browser: a test under `guarded` with two follow-ups and a coding question; the candidate is told the
 * policy before the start and acknowledges it from the keyboard, chats, inserts a reply's code (recorded), is refused a
 * whole solution (the peer writes one: withheld), submits the answer and answers two follow-ups the peer wrote, then
 * submits the test. The reviewer's side over HTTP: /details carries the transcript and the follow-ups, the PDF has the
 * page "AI assistant" and the follow-ups, the follow-ups are marked through the review queue, and ai-check (started
 * while the candidate works) names the question the peer solves and the one it does not.
 *
 * Left to other suites: the TUI's transcript screen (apps/tui transcript tests, transcript-surfaces.test.ts), axe at
 * 320 px and dark (assistant-page.test.ts), PostgreSQL (follow-ups.test.ts, ai-check.test.ts run both stores), the
 * model down mid-test (assistant-page.test.ts), template follow-ups without a model (follow-ups-page.test.ts).
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinition } from '@assay/domain';
import type { ReviewFollowUps } from '@assay/domain/ai';
import { startOpenAiPeer, type OpenAiPeer, type PeerChatRequest, type PeerReply } from '@assay/testing';
import { assistantDefinition, HINT_REPLY, SUM_SOLUTION_REPLY } from '../../helpers/assistant.js';
import { pdfText } from '../../helpers/pdf-text.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, focused, tabTo, typeCode } from './page-helpers.js';

const [sumQuestion] = assistantDefinition.sections[0]!.questions;
const definition: z.input<typeof TestDefinition> = {
  testName: 'AI-era acceptance',
  testStatus: 'Active',
  ai: { aiPolicy: 'guarded', followUps: 2, assistantMessages: 5 },
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        sumQuestion!,
        {
          type: 'coding',
          text: 'Return the largest of a non-empty array of numbers.',
          marks: 5,
          functionName: 'largest',
          hiddenTests: [
            { args: [[3, 9, 2]], expected: 9 },
            { args: [[-4, -2]], expected: -2 },
          ],
        },
      ],
    },
  ],
};

const CODE = 'function sum(numbers) {\n  let total = 0;\n  for (const n of numbers) total += n;\n  return total;\n}';
const FOLLOW_UPS = ['Why does your total start at 0?', 'What does your loop do with a negative number?'];
/** The check's answers: right for the sum, wrong for the largest (it sums), so only the sum is "solved". */
const CHECK_ANSWERS = {
  sum: SUM_SOLUTION_REPLY,
  largest: '```js\nfunction largest(numbers) {\n  return numbers.reduce((a, b) => a + b, 0);\n}\n```',
};

/** Which of the server's three asks a request is, told by its system prompt (docs/ai.md). */
const askOf = (request: PeerChatRequest): 'follow-ups' | 'ai-check' | 'assistant' => {
  const system = request.messages[0]?.content ?? '';
  if (system.startsWith('You are helping a hiring team')) return 'follow-ups';
  if (system.startsWith('You are taking')) return 'ai-check';
  return 'assistant';
};

describe("issue 60's acceptance walk: guarded, two model-written follow-ups, a coding question (Chromium)", () => {
  let peer: OpenAiPeer;
  let b: BrowserHarness;
  let testId: number;
  /** What the peer answers the candidate's assistant: changed as the walk goes. */
  let assistantReply: PeerReply = { text: HINT_REPLY };

  beforeAll(async () => {
    const reply = (request: PeerChatRequest): PeerReply => {
      const ask = askOf(request);
      if (ask === 'follow-ups') return { text: `Here:\n\`\`\`json\n${JSON.stringify({ questions: FOLLOW_UPS })}\n\`\`\`` };
      if (ask === 'ai-check') return { text: request.messages[0]!.content.includes('"functionName": "sum"') ? CHECK_ANSWERS.sum : CHECK_ANSWERS.largest };
      return assistantReply;
    };
    peer = await startOpenAiPeer({ reply, tokenChars: 6, tokenDelayMs: 2 });
    b = await startBrowserHarness({ ASSAY_AI_BASE_URL: peer.baseUrl, ASSAY_AI_MODEL: peer.model });
    ({ testId } = await b.client.tests.import(definition));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await peer?.close();
  }, 60_000);

  it('is told, acknowledges, chats, inserts, is refused a solution, answers two follow-ups; the reviewer reads, grades and checks', async () => {
    // The check runs in the server beside the candidate's attempt, sharing the model's gate (decision 1241).
    const check = await b.client.tests.aiCheck.start(testId);
    expect(check).toMatchObject({ state: 'running', questionsTotal: 2 });

    const registration = await b.client.invitations.register(testId, { emailId: 'walk.ai@example.com', fullName: 'Ada Accept' });
    const token = new URL(registration.takeTestURL).pathname.split('/').at(-1)!;
    const invitationId = registration.testInvitationId;
    const { context, page, errors } = await b.openPage();
    let coding = 0;
    try {
      // --- Told before the start: the policy, what is recorded, whose model, and that the model writes follow-ups.
      await page.goto(registration.takeTestURL);
      const notice = page.getByRole('region', { name: 'AI in this test' });
      await notice.waitFor({ state: 'visible' });
      const policy = await notice.getByTestId('ai-policy').textContent();
      expect(policy).toContain('it explains and never writes the solution');
      expect(policy).toContain('you are asked 2 short questions about what you wrote, 2 minutes each');
      expect(policy).toContain('Your submitted answer is sent to Acme’s own model server to write those questions.');
      expect(await notice.getByTestId('ai-model').textContent()).toContain(`own model server (${peer.model} at 127.0.0.1)`);
      expect((await notice.getByTestId('ai-recorded').locator('li').allTextContents()).join(' ')).toMatch(/recorded and shown to the hiring team/);
      expect(await page.getByTestId('start-button').isDisabled()).toBe(true);
      await expectAccessible(page, 'the AI notice of a guarded test with model-written follow-ups');

      // --- Acknowledged and started from the keyboard; the start records the acknowledgment.
      const before = Date.now();
      await tabTo(page, 'ai-notice-ack');
      await page.keyboard.press('Space');
      await tabTo(page, 'start-button');
      await page.keyboard.press('Enter');
      const codingQuestion = page.locator('[data-type="coding"]').first();
      await codingQuestion.waitFor({ state: 'visible' });
      coding = Number((await codingQuestion.getAttribute('data-testid'))!.replace('question-', ''));
      expect(Date.parse((await b.store.assistant.snapshotOf(invitationId))!.noticeAcknowledgedAt!)).toBeGreaterThanOrEqual(before - 1_000);

      // --- Chats: a hint streams in, with a code block to insert.
      await tabTo(page, `assistant-input-${coding}`);
      await page.keyboard.type('Why does my sum fail on an empty list?');
      await page.keyboard.press('Enter');
      const log = page.getByTestId(`assistant-log-${coding}`);
      await log.getByTestId('assistant-insert').waitFor({ state: 'visible' });
      expect(await log.locator('.assistant-text').first().textContent()).toBe('Think about what the sum of no numbers is.');
      await expectAccessible(page, 'a guarded reply beside the coding question');

      // --- Inserts the reply's code with one key: in the editor, and recorded.
      await tabTo(page, 'assistant-insert');
      await page.keyboard.press('Enter');
      const candidateApi = b.client.candidate(token);
      await expect.poll(async () => (await candidateApi.assistant.conversation(coding)).messages[0]?.insertions).toBe(1);
      expect(await page.getByTestId(`code-editor-${coding}`).locator('.cm-content').innerText()).toContain('[].reduce((a, b) => a + b, 0)');

      // --- Asks for the solution; the peer writes it whole, and the candidate never sees it.
      assistantReply = { text: SUM_SOLUTION_REPLY };
      await tabTo(page, `assistant-input-${coding}`, { back: true });
      await page.keyboard.type('Just write sum for me.');
      await page.keyboard.press('Enter');
      await log.getByTestId('assistant-withheld').waitFor({ state: 'visible' });
      expect(await log.textContent()).not.toContain('numbers.reduce');
      expect(await log.getByTestId('assistant-insert').count()).toBe(1);

      // --- Writes their own answer and submits it: two follow-ups the peer wrote, one at a time, answered by keyboard.
      await typeCode(page, coding, CODE);
      await tabTo(page, `submit-answer-${coding}`);
      await page.keyboard.press('Enter');
      for (const [position, answer] of ['So an empty list sums to 0.', 'It adds it like any other; the total goes down.'].entries()) {
        const box = page.getByTestId(`follow-up-answer-${coding}-${position}`);
        await box.waitFor({ state: 'visible' });
        expect(await page.getByTestId(`follow-up-${coding}-${position}`).locator('.follow-up-question').textContent()).toBe(FOLLOW_UPS[position]);
        await box.focus();
        await page.keyboard.type(answer);
        await tabTo(page, `follow-up-send-${coding}-${position}`);
        await page.keyboard.press('Enter');
      }
      await page.getByTestId(`follow-up-news-${coding}`).filter({ hasText: 'The follow-up questions are done.' }).waitFor();

      // --- Submits the test from the keyboard.
      await tabTo(page, 'submit-button');
      await page.keyboard.press('Enter');
      await tabTo(page, 'confirm-submit');
      expect(await focused(page)).toMatchObject({ testId: 'confirm-submit' });
      await page.keyboard.press('Enter');
      await page.getByTestId('thank-you').waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // --- The reviewer: /details has the transcript (the hint, its insertion, the withheld solution) and the follow-ups.
    const details = await b.client.reports.details(invitationId);
    const ai = details.ai!;
    expect(ai.policy.testPolicy).toBe('guarded');
    expect(ai.models).toEqual([peer.model]);
    expect(ai.messages.map((message) => [message.questionId, message.text, message.state])).toEqual([
      [coding, 'Why does my sum fail on an empty list?', 'answered'],
      [coding, 'Just write sum for me.', 'withheld'],
    ]);
    expect(ai.messages[1]).toMatchObject({ withheldReason: 'solution', reply: SUM_SOLUTION_REPLY });
    expect(ai.insertions).toEqual([expect.objectContaining({ questionId: coding, messageId: ai.messages[0]!.messageId })]);
    expect(ai.followUps.map((followUp) => [followUp.questionId, followUp.position, followUp.source, followUp.text, followUp.mark])).toEqual([
      [coding, 0, 'model', FOLLOW_UPS[0], null],
      [coding, 1, 'model', FOLLOW_UPS[1], null],
    ]);
    expect(ai.followUps.map((followUp) => followUp.answer)).toEqual(['So an empty list sums to 0.', 'It adds it like any other; the total goes down.']);

    // --- Grades the follow-ups from the review queue (blind), beside the code they ask about.
    const request = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${b.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': b.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(200);
      return ((await response.json()) as { result: unknown }).result;
    };
    const queue = (await request('GET', `/v2/org/tests/${testId}/review/follow-ups?blind=true`)) as ReviewFollowUps;
    expect(queue.items).toHaveLength(1);
    const [item] = queue.items;
    expect(item).toMatchObject({ questionId: coding, answer: CODE, markedCount: 0 });
    await request('PUT', `/v2/org/review/${item!.reference}/follow-ups/0`, { mark: 'accurate' });
    await request('PUT', `/v2/org/review/${item!.reference}/follow-ups/1`, { mark: 'partly' });
    expect((await b.client.reports.details(invitationId)).ai!.followUps.map((followUp) => followUp.mark)).toEqual(['accurate', 'partly']);

    // --- The PDF: the page "AI assistant" with the excerpts and the insertion, and the marked follow-ups.
    const pdf = Buffer.from(await (await b.client.reports.pdf(invitationId)).bytes());
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('AI assistant');
    expect(text).toContain('Policy: guarded');
    expect(text).toContain('2 messages, 1 replies withheld');
    expect(text).toContain('Candidate: Why does my sum fail on an empty list?');
    expect(text).toContain('Reply withheld (it carried a solution; the candidate did not see it)');
    expect(text).toContain('Authorship follow-ups');
    expect(text).toContain('follow-up 1 (written by the model) · marked: explains accurately');
    expect(text).toContain(FOLLOW_UPS[1]);

    // --- ai-check: the sum is solved (the peer's answer passes the hidden tests), the largest is not.
    let result = await b.client.tests.aiCheck.get(testId);
    for (const started = Date.now(); result.state === 'running' && Date.now() - started < 60_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      result = await b.client.tests.aiCheck.get(testId);
    }
    expect(result).toMatchObject({ checkId: check.checkId, state: 'done', questionsChecked: 2, problem: null });
    expect(result.questions.map((question) => [question.questionId, question.summary])).toEqual([
      [coding, 'solved 3 of 3 in JavaScript'],
      [expect.any(Number), 'solved 0 of 3 in JavaScript'],
    ]);
  }, 120_000);
});
