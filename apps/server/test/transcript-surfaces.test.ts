import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V3Report } from '@assay/domain';
import { candidate, registerFor } from './helpers/candidate.js';
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
    await candidate(a.h, attempt.token).submit();
    unused = (await startedAttempt(a.h, testId, 'unused@example.com')).invitationId;
    pending = (await registerFor(a.h, testId, 'pending@example.com')).invitationId;
  });
  afterAll(() => a.close());

  const candidatesSheet = async () => {
    const response = await a.h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Candidates')!;
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    const headings = values(sheet.getRow(1)).map(String);
    const rows = new Map<number, Record<string, unknown>>();
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const record = Object.fromEntries(headings.map((heading, index) => [heading, values(row)[index] ?? null]));
      rows.set(Number(record.testInvitationId), record);
    });
    return { headings, rows };
  };

  it('ends the Candidates sheet with the messages, the characters inserted and the follow-ups; empty before an attempt', async () => {
    const { headings, rows } = await candidatesSheet();
    expect(headings.slice(-4)).toEqual(['reattemptOf', 'assistantMessages', 'assistantInsertedChars', 'followUps']);
    expect(rows.get(used)).toMatchObject({ assistantMessages: 2, assistantInsertedChars: 50, followUps: 0 });
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
      messages: 2,
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
});
