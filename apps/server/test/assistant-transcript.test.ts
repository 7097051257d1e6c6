import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { ESSAY_CHECK_PROMPT } from '@assay/domain/ai';
import { candidate } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends } from './helpers/test-app.js';
import { ask, assistantDefinition, HINT_REPLY, startAssistantHarness, startedAttempt, SUM_SOLUTION_REPLY, type AssistantHarness } from './helpers/assistant.js';

/**
 * Issue 60 item 4: the transcript as evidence — insertions recorded from answered replies, everything on the report's
 * details as `ai`, in the person's export, erased to counts by an erasure, and gone with a reset.
 */
describe.each(backends)('the assistant transcript on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    testId = await a.h.importTest(assistantDefinition);
  });
  afterAll(() => a.close());

  const insert = (token: string, questionId: number, body: Record<string, unknown>) =>
    a.h.request({ method: 'POST', url: `/candidate/v1/${token}/assistant/${questionId}/insertions`, body, apiKey: null });

  /** An attempt with a hint inserted twice, a withheld solution, and a message on another question. */
  const conversedAttempt = async (email: string) => {
    const attempt = await startedAttempt(a.h, testId, email);
    const { token, questions } = attempt;
    a.peer.setReply(() => ({ text: HINT_REPLY }));
    const hint = Number(
      (await ask(a.h, token, questions.coding, { message: 'A hint please', shareAnswer: true, answer: 'function sum() {}' })).events[0]!.data.messageId,
    );
    a.peer.setReply(() => ({ text: SUM_SOLUTION_REPLY }));
    const withheld = Number((await ask(a.h, token, questions.coding, { message: 'Now the solution' })).events[0]!.data.messageId);
    // The essay's check asks the model too: it says the reply is a hint.
    a.peer.setReply((request) => ({ text: request.messages[0]!.content === ESSAY_CHECK_PROMPT ? 'HINT' : 'Think about lookups.' }));
    await ask(a.h, token, questions.essay, { message: 'What is an index for?' });
    return { ...attempt, hint, withheld };
  };

  it('records insertions from an answered reply of the question, and refuses others (404.71)', async () => {
    const { token, questions, hint, withheld } = await conversedAttempt('insert@example.com');
    const recorded = expectSuccess<{ insertionId: number; messageId: number; at: string }>(
      await insert(token, questions.coding, { messageId: hint, chars: 38, line: 2, column: 3 }),
    );
    expect(recorded).toMatchObject({ messageId: hint, questionId: questions.coding });
    expectFailure(await insert(token, questions.coding, { messageId: withheld, chars: 10, line: 1, column: 1 }), '404.71');
    expectFailure(await insert(token, questions.essay, { messageId: hint, chars: 10, line: 1, column: 1 }), '404.71');
    expectFailure(await insert(token, questions.coding, { messageId: 999_999, chars: 10, line: 1, column: 1 }), '404.71');
    expectFailure(await insert(token, questions.coding, { messageId: hint, chars: 0, line: 1, column: 1 }), '400.2');
    const conversation = await a.h.request({ method: 'GET', url: `/candidate/v1/${token}/assistant/${questions.coding}`, apiKey: null });
    expect(conversation.json().result.messages.map((message: { insertions: number }) => message.insertions)).toEqual([1, 0]);
  });

  it("puts the policy, every message, reply and insertion on the report's details, withheld text included", async () => {
    const { token, questions, invitationId, hint } = await conversedAttempt('details@example.com');
    await insert(token, questions.coding, { messageId: hint, chars: 38, line: 2, column: 3 });
    await insert(token, questions.coding, { messageId: hint, chars: 12, line: 9, column: 1 });
    await candidate(a.h, token).submit();
    const details = expectSuccess<ReportDetails>(await a.h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    const ai = details.ai!;
    expect(ai.policy).toMatchObject({ testPolicy: 'guarded', assistantMessages: 5, assistantTokens: 40_000 });
    expect(ai.policy.version).toMatch(/^[0-9a-f]{12}$/);
    expect(ai.policy.sections.map((section) => section.aiPolicy)).toEqual(['guarded', 'guarded', 'none']);
    expect(ai.models).toEqual(['peer-model']);
    expect(ai.totals).toMatchObject({ messages: 3, withheld: 1, failed: 0, insertions: 2, insertedChars: 50 });
    expect(ai.totals.promptTokens).toBeGreaterThan(0);
    expect(ai.questions).toEqual([
      { questionId: questions.coding, aiPolicy: 'guarded', messages: 2, withheld: 1, failed: 0, insertions: 2, insertedChars: 50 },
      { questionId: questions.essay, aiPolicy: 'guarded', messages: 1, withheld: 0, failed: 0, insertions: 0, insertedChars: 0 },
    ]);
    expect(ai.messages.map((message) => [message.text, message.state, message.sharedAnswer, message.answerChars])).toEqual([
      ['A hint please', 'answered', true, 'function sum() {}'.length],
      ['Now the solution', 'withheld', false, 0],
      ['What is an index for?', 'answered', false, 0],
    ]);
    expect(ai.messages[1]).toMatchObject({ reply: SUM_SOLUTION_REPLY, withheldReason: 'solution' });
    expect(ai.insertions.map(({ chars, line, column }) => ({ chars, line, column }))).toEqual([
      { chars: 38, line: 2, column: 3 },
      { chars: 12, line: 9, column: 1 },
    ]);
    // Another org's key finds nothing, as for a missing id.
    const other = await a.h.createOrg('Other');
    expectFailure(await a.h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details`, apiKey: other.apiKey }), '404.4');
  });

  it("exports the transcript with the person's data, and erasure keeps its counts but drops its words", async () => {
    const email = 'erase.me@example.com';
    const { invitationId, hint, token, questions } = await conversedAttempt(email);
    await insert(token, questions.coding, { messageId: hint, chars: 38, line: 2, column: 3 });
    const exported = expectSuccess<{
      invitations: { assistant: { aiSnapshot: unknown; messages: { text: string; reply: string | null }[]; insertions: unknown[] } }[];
    }>(await a.h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: email } }));
    const { assistant } = exported.invitations[0]!;
    expect(assistant.aiSnapshot).toMatchObject({ settings: { aiPolicy: 'guarded' } });
    expect(assistant.messages.map((message) => message.text)).toEqual(['A hint please', 'Now the solution', 'What is an index for?']);
    expect(assistant.messages[1]!.reply).toBe(SUM_SOLUTION_REPLY);
    expect(assistant.insertions).toHaveLength(1);

    expectSuccess(await a.h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: email } }));
    const erased = await a.h.store.assistant.messagesOf(invitationId);
    expect(erased.map(({ text, reply, failure, state }) => ({ text, reply, failure, state }))).toEqual([
      { text: '', reply: null, failure: null, state: 'answered' },
      { text: '', reply: null, failure: null, state: 'withheld' },
      { text: '', reply: null, failure: null, state: 'answered' },
    ]);
    expect(erased.every((message) => message.promptTokens > 0)).toBe(true);
    expect(await a.h.store.assistant.insertionsOf(invitationId)).toHaveLength(1);
  });

  it('starts a reset attempt with no transcript and a new snapshot', async () => {
    const { invitationId, token } = await conversedAttempt('reset@example.com');
    expectSuccess(await a.h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/reset` }));
    expect(await a.h.store.assistant.messagesOf(invitationId)).toEqual([]);
    expect(await a.h.store.assistant.snapshotOf(invitationId)).toBeNull();
    const restarted = expectSuccess<{ assistant: { remaining: { messages: number }; policyVersion: string | null } }>(await candidate(a.h, token).start());
    expect(restarted.assistant).toMatchObject({ remaining: { messages: 5 }, policyVersion: expect.stringMatching(/^[0-9a-f]{12}$/) });
  });
});
