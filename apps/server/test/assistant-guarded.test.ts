import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_CHECK_PROMPT, WITHHELD_SOLUTION_MESSAGE } from '@assay/domain/ai';
import { backends } from './helpers/test-app.js';
import {
  ask,
  assistantDefinition,
  everythingSent,
  HINT_REPLY,
  shownText,
  startAssistantHarness,
  startedAttempt,
  SUM_SOLUTION_REPLY,
  type AssistantHarness,
} from './helpers/assistant.js';

const PROSE = 'Here it is:\n\n';
const SLOW_TO_CHECK_REPLY =
  'Like this:\n\n```js\nfunction sum(numbers) {\n  const end = Date.now() + 700;\n  while (Date.now() < end) {}\n  return -1;\n}\n```\n';

/**
 * Issue 60 item 3, "guarded means guarded": a reply's code runs against the question's hidden tests in the sandbox
 * before it reaches the candidate, and one that passes more than half of them is withheld (decision 1166); prose
 * streams first. A short answer's accepted answer and an essay the model classifies as the answer are withheld too.
 */
describe.each(backends)('the guarded check on %s', (backend) => {
  let a: AssistantHarness;
  let guardedTest: number;
  let openTest: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    [guardedTest, openTest] = [
      await a.h.importTest(assistantDefinition),
      await a.h.importTest({ ...assistantDefinition, testName: 'Open book', ai: { aiPolicy: 'open', assistantMessages: 5 } }),
    ];
  });
  afterAll(() => a.close());

  const invitationOf = async (token: string) => (await a.h.store.attempts.findByToken(token))!.invitation.id;

  it('withholds a reply whose code passes the hidden tests, after streaming its prose, and keeps it for the reviewer', async () => {
    const { token, questions } = await startedAttempt(a.h, guardedTest, 'solution@example.com');
    a.peer.setReply(() => ({ text: SUM_SOLUTION_REPLY }));
    const { events } = await ask(a.h, token, questions.coding, { message: 'Write it.' });
    expect(events.map((event) => event.event)).toEqual(['accepted', ...Array(events.length - 4).fill('delta'), 'checking', 'withheld', 'done']);
    expect(
      events
        .filter((event) => event.event === 'delta')
        .map((event) => event.data.text)
        .join(''),
    ).toBe(PROSE);
    expect(events.find((event) => event.event === 'withheld')!.data).toEqual({ reason: 'solution', message: WITHHELD_SOLUTION_MESSAGE });
    expect(events.at(-1)!.data).toMatchObject({ state: 'withheld' });
    const [stored] = await a.h.store.assistant.messagesOf(await invitationOf(token));
    expect(stored).toMatchObject({ state: 'withheld', withheldReason: 'solution', reply: SUM_SOLUTION_REPLY });
    const conversation = await a.h.request({ method: 'GET', url: `/candidate/v1/${token}/assistant/${questions.coding}`, apiKey: null });
    expect(conversation.json().result.messages[0].reply).toBe(WITHHELD_SOLUTION_MESSAGE);
    expect(conversation.body).not.toContain('reduce((a, b)');
    // The next request reminds the model that it was withheld, never of the code.
    a.peer.requests.length = 0;
    await ask(a.h, token, questions.coding, { message: 'Then a hint.' });
    expect(a.peer.requests[0]!.messages.map((message) => message.content)).toContain('[withheld: it contained a solution]');
    expect(JSON.stringify(a.peer.requests[0]!.messages.slice(1))).not.toContain('reduce((a, b)');
  });

  it('lets a hint through whole, and code that passes half of the hidden tests or fewer', async () => {
    const { token, questions } = await startedAttempt(a.h, guardedTest, 'hint@example.com');
    a.peer.setReply(() => ({ text: HINT_REPLY }));
    const hint = await ask(a.h, token, questions.coding, { message: 'A hint?' });
    expect(shownText(hint.events)).toBe(HINT_REPLY);
    expect(hint.events.at(-1)!.data).toMatchObject({ state: 'answered' });
    // One of three hidden tests (the empty array): not a solution. Two of three: most of one, withheld.
    a.peer.setReply(() => ({ text: 'Try:\n```javascript\nfunction sum(numbers) { return 0; }\n```' }));
    expect(shownText((await ask(a.h, token, questions.coding, { message: 'Like this?' })).events)).toContain('return 0;');
    a.peer.setReply(() => ({ text: '```\nfunction sum(numbers) { return numbers.length === 3 ? 10 : 0; }\n```' }));
    const most = await ask(a.h, token, questions.coding, { message: 'And this?' });
    expect(shownText(most.events)).toBe(WITHHELD_SOLUTION_MESSAGE);
    expect(most.events.some((event) => event.event === 'delta')).toBe(false);
  });

  it("gives the model's place to the next candidate while a coding reply is checked in the sandbox", async () => {
    const capped = await startAssistantHarness(backend, { ASSAY_AI_MAX_CONCURRENT: '1' });
    try {
      const cappedTest = await capped.h.importTest(assistantDefinition);
      const slow = await startedAttempt(capped.h, cappedTest, 'slow-check@example.com');
      const next = await startedAttempt(capped.h, cappedTest, 'next-in-line@example.com');
      // The first reply's code spins 0.7 s per hidden test (three) in the sandbox; the second reply is a hint.
      capped.peer.setReply((request) => ({ text: everythingSent([request]).includes('Slow to check') ? SLOW_TO_CHECK_REPLY : HINT_REPLY }));
      const endedAt: Record<string, number> = {};
      const first = ask(capped.h, slow.token, slow.questions.coding, { message: 'Slow to check?' }).then((answer) => {
        endedAt.slow = performance.now();
        return answer;
      });
      await expect.poll(() => capped.peer.requests.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await ask(capped.h, next.token, next.questions.coding, { message: 'A hint?' });
      endedAt.next = performance.now();
      expect(second.events.at(-1)!.data).toMatchObject({ state: 'answered' });
      expect((await first).events.at(-1)!.data).toMatchObject({ state: 'answered' });
      // Answered while the first reply's three cases still spun: not after them, as when the check held the place.
      expect(endedAt.slow! - endedAt.next!).toBeGreaterThan(800);
      expect(capped.peer.maxInFlight()).toBe(1);
    } finally {
      await capped.close();
    }
  });

  it('lets an open policy’s solution through: nothing is checked', async () => {
    const { token, questions } = await startedAttempt(a.h, openTest, 'open@example.com');
    a.peer.setReply(() => ({ text: SUM_SOLUTION_REPLY }));
    const { events } = await ask(a.h, token, questions.coding, { message: 'Write it.' });
    expect(shownText(events)).toBe(SUM_SOLUTION_REPLY);
    expect(events.some((event) => event.event === 'checking')).toBe(false);
    expect(events[0]!.data.aiPolicy).toBe('open');
  });

  it("withholds a reply that gives a short answer's accepted answer, and holds written replies whole until checked", async () => {
    const { token, questions } = await startedAttempt(a.h, guardedTest, 'short@example.com');
    a.peer.setReply(() => ({ text: 'It is get, of course.' }));
    const given = await ask(a.h, token, questions.short, { message: 'Which one?' });
    expect(given.events.map((event) => event.event)).toEqual(['accepted', 'withheld', 'done']);
    a.peer.setReply(() => ({ text: 'Think of which method only reads and never changes the resource.' }));
    const hint = await ask(a.h, token, questions.short, { message: 'A hint?' });
    expect(hint.events.map((event) => event.event)).toEqual(['accepted', 'delta', 'done']);
  });

  it('asks the model whether an essay reply writes the answer, and withholds it when it does', async () => {
    const { token, questions } = await startedAttempt(a.h, guardedTest, 'essay@example.com');
    let verdict = 'ANSWER';
    a.peer.setReply((request) =>
      request.messages[0]!.content === ESSAY_CHECK_PROMPT
        ? { text: verdict }
        : { text: 'An index is a sorted structure that lets the database find rows fast…' },
    );
    a.peer.requests.length = 0;
    expect(shownText((await ask(a.h, token, questions.essay, { message: 'Write my essay.' })).events)).toBe(WITHHELD_SOLUTION_MESSAGE);
    const check = a.peer.requests.find((request) => request.messages[0]!.content === ESSAY_CHECK_PROMPT)!;
    expect(JSON.parse(check.messages[1]!.content)).toEqual({
      question: expect.stringContaining('index in a database'),
      reply: expect.stringContaining('sorted structure'),
    });
    verdict = 'HINT';
    expect(shownText((await ask(a.h, token, questions.essay, { message: 'What is it for?' })).events)).toContain('sorted structure');
  });
});
