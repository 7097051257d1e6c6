import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAnalysis } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const options = [{ text: 'right', correct: true }, { text: 'wrong B' }, { text: 'wrong C' }, { text: 'wrong D' }];
const definition = {
  testName: 'Item analysis',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [1, 2, 3, 4].map((n) => ({ type: 'single_choice', text: `Question ${n}`, marks: 1, options })),
    },
  ],
};
const CANDIDATES = 30;

/**
 * Issue 62 item 5's "done when": thirty scripted candidates of rising ability k take the test through the candidate
 * API and are scored by the worker. Questions 1–3 are right from an ability up; question 4 (planted) is right for every
 * third k whatever the ability. Wrong answers to question 3 pick B or C, never D (the planted unpicked distractor).
 */
const rightFrom = [6, 12, 18] as const;
const isRight = (question: number, k: number) => (question === 3 ? k % 3 === 0 : k >= rightFrom[question]!);
const chosen = (question: number, k: number) => (isRight(question, k) ? 0 : question === 2 ? 1 + (k % 2) : 1 + (k % 3));

describe.each(backends)('item analysis of a test on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(definition);
    for (let k = 0; k < CANDIDATES; k++) {
      const { token } = await registerFor(h, testId, `c${k}@example.com`);
      const api = candidate(h, token);
      const questions = questionIdsOf(await api.client.start());
      for (const [question, questionId] of questions.entries()) expectSuccess(await api.answer(questionId, { optionIds: [chosen(question, k)] }));
      expectSuccess(await api.submit());
    }
    await h.drainJobs();
  }, 180_000);
  afterAll(() => h.close());

  const read = (id: number, apiKey?: string) =>
    h.request({ method: 'GET', url: `/v2/org/tests/${id}/item-analysis`, ...(apiKey === undefined ? {} : { apiKey }) });

  it('flags the planted non-discriminating question and the distractor nobody picks', async () => {
    const analysis = expectSuccess<ItemAnalysis>(await read(testId));
    expect(analysis).toMatchObject({ testId, scoredAttempts: CANDIDATES, minAttempts: 20 });
    const [q1, q2, q3, q4] = analysis.questions;
    expect(analysis.questions.map((row) => [row.number, row.attempts, row.exposures, row.version.length])).toEqual([
      [1, 30, 30, 16],
      [2, 30, 30, 16],
      [3, 30, 30, 16],
      [4, 30, 30, 16],
    ]);
    expect([q1?.facility, q2?.facility, q3?.facility, q4?.facility]).toEqual([0.8, 0.6, 0.4, 0.333]);
    expect(q4?.flags.filter((flag) => flag.endsWith('discrimination'))).toHaveLength(1);
    for (const row of [q1, q2, q3]) expect(row?.flags.filter((flag) => flag.endsWith('discrimination'))).toEqual([]);
    expect(q3?.flags).toContain('unpicked-distractor');
    expect(q3?.options?.map((option) => [option.text, option.chosen, option.flags])).toEqual([
      ['right', 12, []],
      ['wrong B', 9, []],
      ['wrong C', 9, []],
      ['wrong D', 0, ['unpicked-distractor']],
    ]);
    for (const row of [q1, q2]) expect(row?.flags).not.toContain('unpicked-distractor');
  });

  it('writes the same figures in the Excel export’s Item analysis sheet, a row per question and per option', async () => {
    const analysis = expectSuccess<ItemAnalysis>(await read(testId));
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Item analysis')!;
    const rows: Record<string, unknown>[] = [];
    const headings = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(Object.fromEntries(headings.map((heading, index) => [heading, (row.values as unknown[])[index + 1] ?? null])));
    });
    // Four questions of four options: a row for each question, then one for each of its options.
    expect(rows).toHaveLength(4 * 5);
    const questionRows = rows.filter((row) => row.option === null);
    expect(questionRows.map((row) => [row.question, row.attempts, row.facility, row.discrimination])).toEqual(
      analysis.questions.map((question) => [question.number, question.attempts, question.facility, question.discrimination]),
    );
    expect(questionRows[3]?.flags).toContain('discrimination');
    const unpicked = rows.find((row) => row.question === 3 && row.option === 'D');
    expect(unpicked).toMatchObject({ optionText: 'wrong D', correct: 'no', chosen: 0, flags: 'unpicked-distractor' });
  });

  it('answers another org’s test like a missing one, and refuses a blind reviewer naming who may', async () => {
    const other = await h.createOrg('Other');
    expectFailure(await read(testId, other.apiKey), '404.2');
    expectFailure(await read(999_999), '404.2');
    const blind = await h.client.admin.keys.create(h.org.orgId, { role: 'blind-reviewer' });
    expect(expectFailure(await read(testId, blind.apiKey), '403.17').result).toMatch(/hiring-manager/);
    const manager = await h.client.admin.keys.create(h.org.orgId, { role: 'hiring-manager' });
    expectSuccess(await read(testId, manager.apiKey));
  });
});
