import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue, V3Report } from '@assay/domain';
import type { ReviewTranscript } from '@assay/domain/ai';
import { ESSAY_CHECK_PROMPT } from '@assay/domain/ai';
import { candidate, registerFor } from './helpers/candidate.js';
import { candidatesSheetOf } from './helpers/candidates-sheet.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends } from './helpers/test-app.js';
import { ask, assistantDefinition, HINT_REPLY, startAssistantHarness, startedAttempt, type AssistantHarness } from './helpers/assistant.js';

/**
 * Issue 60 item 4 (transcript-surfaces): the assistant's use on the workbook's Candidates sheet (decision 1261) and as
 * v3's report's extension `assayAi` (decision 1262), read from the same stored transcript as /details.
 */
describe.each(backends)("the assistant's transcript on the workbook and v3's report on %s", (backend) => {
  let a: AssistantHarness;
  let testId: number;
  let used = 0;
  let unused = 0;
  let pending = 0;
  let essay = 0;

  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    testId = await a.h.importTest(assistantDefinition);
    const attempt = await startedAttempt(a.h, testId, 'used@example.com');
    used = attempt.invitationId;
    a.peer.setReply(() => ({ text: HINT_REPLY }));
    const hint = Number((await ask(a.h, attempt.token, attempt.questions.coding, { message: 'A hint please' })).events[0]!.data.messageId);
    await ask(a.h, attempt.token, attempt.questions.coding, { message: 'And another' });
    for (const [chars, line] of [
      [38, 2],
      [12, 9],
    ] as const) {
      const body = { messageId: hint, chars, line, column: 1 };
      await a.h.request({ method: 'POST', url: `/candidate/v1/${attempt.token}/assistant/${attempt.questions.coding}/insertions`, body, apiKey: null });
    }
    // The essay's check asks the model too: it says the reply is a hint.
    a.peer.setReply((request) => ({ text: request.messages[0]!.content === ESSAY_CHECK_PROMPT ? 'HINT' : 'Think about lookups.' }));
    await ask(a.h, attempt.token, attempt.questions.essay, { message: 'What is an index for?' });
    expectSuccess(await candidate(a.h, attempt.token).answer(attempt.questions.essay, { text: 'An index finds rows fast.' }));
    essay = attempt.questions.essay;
    await candidate(a.h, attempt.token).submit();
    await a.h.drainJobs();
    unused = (await startedAttempt(a.h, testId, 'unused@example.com')).invitationId;
    pending = (await registerFor(a.h, testId, 'pending@example.com')).invitationId;
  });
  afterAll(() => a.close());

  const candidatesSheet = () => candidatesSheetOf(a.h, testId);

  it('ends the Candidates sheet with the messages, the characters inserted and the follow-ups; empty before an attempt', async () => {
    const { headings, rows } = await candidatesSheet();
    // Then what the hiring team recorded (issue 61 item 3): five columns, and the test version (issue 62) at the very end.
    expect(headings.slice(-10, -6)).toEqual(['reattemptOf', 'assistantMessages', 'assistantInsertedChars', 'followUps']);
    expect(rows.get(used)).toMatchObject({ assistantMessages: 3, assistantInsertedChars: 50, followUps: 0 });
    expect(rows.get(unused)).toMatchObject({ assistantMessages: 0, assistantInsertedChars: 0, followUps: 0 });
    expect(rows.get(pending)).toMatchObject({ assistantMessages: null, assistantInsertedChars: null, followUps: null });
  });

  it("has v3's report carry the policy and the counts as `assayAi`, never the words", async () => {
    const v3 = async (id: number, query = '') => {
      const response = await a.h.request({ method: 'GET', url: `/v3/reports/${id}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as V3Report;
    };
    const report = await v3(used, '?reportType=3');
    expect(report.assayAi).toMatchObject({
      policy: 'guarded',
      models: ['peer-model'],
      messages: 3,
      withheld: 0,
      failed: 0,
      insertions: 2,
      insertedChars: 50,
      followUps: 0,
    });
    expect(report.assayAi!.policyVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(report.assayAi!.promptTokens).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain('A hint please');
    const before = await v3(pending);
    expect(before).not.toHaveProperty('assayAi');
  });

  it('lets a blind reviewer read the transcript of the answer they grade, by its reference, naming no one (decision 1263)', async () => {
    const blindKey = await a.h.client.admin.keys.create(a.h.org.orgId, { role: 'blind-reviewer', label: 'Panel' });
    const queue = expectSuccess<ReviewQueue>(
      await a.h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?page_size=100`, apiKey: blindKey.apiKey }),
    );
    const item = queue.items.find((each) => each.questionId === essay && each.answer.text === 'An index finds rows fast.')!;
    const raw = await a.h.request({ method: 'GET', url: `/v2/org/review/${item.reference}/transcript`, apiKey: blindKey.apiKey });
    const transcript = expectSuccess<ReviewTranscript>(raw);
    expect(transcript).toMatchObject({ reference: item.reference, questionId: essay });
    expect(transcript.ai!.messages.map((message) => [message.text, message.reply])).toEqual([['What is an index for?', 'Think about lookups.']]);
    expect(transcript.ai!.totals).toMatchObject({ messages: 1, insertions: 0, insertedChars: 0 });
    expect(transcript.ai!.insertions).toEqual([]);
    expect(raw.body).not.toMatch(/used@example\.com|Ada Lovelace|"testInvitationId"|"invitationId"/);
    // The report itself stays closed to the key (403.17); another org's key finds nothing, as for a made-up reference.
    expectFailure(await a.h.request({ method: 'GET', url: `/v2/org/report/${used}/details`, apiKey: blindKey.apiKey }), '403.17');
    const other = await a.h.createOrg('Other');
    expectFailure(await a.h.request({ method: 'GET', url: `/v2/org/review/${item.reference}/transcript`, apiKey: other.apiKey }), '404.4');
    expectFailure(await a.h.request({ method: 'GET', url: `/v2/org/review/${'A'.repeat(22)}/transcript` }), '404.4');
  });
});
