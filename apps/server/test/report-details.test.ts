import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { SUM_SOLUTION, candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const iso = (at: number) => new Date(at).toISOString();

/** The sample test with verdict bands, and hidden-test inputs shown. */
const banded = {
  ...sampleDefinition,
  testName: 'Banded screening',
  report: {
    verdictBands: [
      { label: 'Strong', minPercent: 80 },
      { label: 'Consider', minPercent: 40 },
    ],
    showHiddenTestInputs: true,
  },
};

describe.each(backends)('GET /v2/org/report/{id}/details on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(banded);
  });
  afterAll(() => h.close());

  const details = async (invitationId: number, apiKey?: string) =>
    h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details`, ...(apiKey ? { apiKey } : {}) });

  /** Takes the test: the single choice right or wrong, the coding answer given or not; answers made at START + minutes. */
  const take = async (email: string, { single, code }: { single: 0 | 1 | null; code: string | null }) => {
    clock.set(START);
    const { token, invitationId } = await registerFor(h, testId, email);
    const api = candidate(h, token);
    const started = await api.client.start();
    const [singleId, , codingId] = questionIdsOf(started);
    if (single !== null) expectSuccess(await api.answer(singleId!, { optionIds: [single] }));
    if (code !== null) expectSuccess(await api.answer(codingId!, { code }));
    return { api, invitationId, started, codingId: codingId! };
  };

  it('scores each question, shows the answer against the right one, and the code with its hidden tests', async () => {
    const { api, invitationId, started, codingId } = await take('one@example.com', { single: 0, code: SUM_SOLUTION });
    expectSuccess(await api.run(codingId, SUM_SOLUTION));
    expectSuccess(await api.run(codingId, SUM_SOLUTION));
    const [firstSection, codingSection] = started.test.sections;
    expectSuccess(await api.event('section', iso(clock.now()), { sectionId: firstSection!.sectionId }));
    clock.advance(5 * 60_000);
    expectSuccess(await api.event('section', iso(clock.now()), { sectionId: codingSection!.sectionId }));
    clock.advance(60_000);
    expectSuccess(await api.event('left', iso(clock.now())));
    clock.advance(30_000);
    expectSuccess(await api.event('returned', iso(clock.now())));
    clock.advance(4 * 60_000);
    expectSuccess(await api.submit());
    await h.drainJobs();

    const report = expectSuccess<ReportDetails>(await details(invitationId));
    expect(report).toMatchObject({
      testInvitationId: invitationId,
      candidate: { fullName: 'Ada Lovelace', emailId: 'one@example.com' },
      test: { testId, testName: 'Banded screening' },
      status: { testStatus: 'Completed', reportStatus: 'Generated' },
      score: { score: 4, maxScore: 10, percent: 40 },
      verdict: { label: 'Consider', minPercent: 40 },
      percentile: null,
      timeTakenMinutes: 11,
    });
    expect(report.sections).toEqual([
      { sectionName: 'Fundamentals', sectionType: 'General Questions', score: -1, maxScore: 5, timeSpentSeconds: 300, suggestedMinutes: 20 },
      { sectionName: 'Coding', sectionType: 'Coding Questions', score: 5, maxScore: 5, timeSpentSeconds: 330, suggestedMinutes: 40 },
    ]);
    const [single, multiple, coding] = report.questions;
    expect(single).toMatchObject({ number: 1, type: 'single_choice', awarded: -1, answered: true, text: 'Which HTTP status means "not found"?' });
    expect(single?.options?.filter((option) => option.chosen || option.correct)).toEqual([
      { optionId: 0, text: '200', correct: false, chosen: true },
      { optionId: 1, text: '404', correct: true, chosen: false },
    ]);
    expect(multiple).toMatchObject({ awarded: 0, answered: false });
    // Alone in its section, the coding question has its section's time; the two choice questions share theirs.
    expect(report.questions.map((question) => question.timeSpentSeconds)).toEqual([null, null, 330]);
    expect(coding?.coding).toEqual({
      language: 'javascript',
      code: SUM_SOLUTION,
      hiddenTests: {
        passed: 2,
        total: 2,
        cases: [
          { passed: true, args: [[]] },
          { passed: true, args: [[5, -5, 10]] },
        ],
      },
      sampleRuns: 2,
    });
    expect(report.integrity).toEqual({
      wv: 1,
      tv: 30,
      departures: [{ leftAt: iso(START + 6 * 60_000), returnedAt: iso(START + 6 * 60_000 + 30_000), seconds: 30 }],
      snapshots: [],
      accommodation: null,
    });
  });

  it('a percentile among the completed attempts from the fifth on', async () => {
    const made = [];
    for (const [index, answers] of [
      { single: 1, code: SUM_SOLUTION },
      { single: 1, code: null },
      { single: null, code: SUM_SOLUTION },
      { single: 0, code: null },
    ].entries()) {
      const { api, invitationId } = await take(`p${index}@example.com`, answers as { single: 0 | 1 | null; code: string | null });
      expectSuccess(await api.submit());
      made.push(invitationId);
    }
    await h.drainJobs();
    const best = expectSuccess<ReportDetails>(await details(made[0]!));
    expect(best.score).toMatchObject({ score: 7, percent: 70 });
    expect(best.percentile).toEqual({ percentile: 90, basedOn: 5 });
    expect(best.verdict?.label).toBe('Consider');
    const worst = expectSuccess<ReportDetails>(await details(made[3]!));
    expect(worst.percentile).toEqual({ percentile: 10, basedOn: 5 });
  });

  it('hides hidden-test inputs unless the test allows them, and shows a pending report without marks', async () => {
    const plainTest = await h.importTest({ ...sampleDefinition, testName: 'Plain' });
    clock.set(START);
    const { token, invitationId } = await registerFor(h, plainTest, 'plain@example.com');
    const api = candidate(h, token);
    const [, , codingId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(codingId!, { code: SUM_SOLUTION }));
    const pending = expectSuccess<ReportDetails>(await details(invitationId));
    expect(pending.status.testStatus).toBe('In progress');
    expect(pending.questions.every((question) => question.awarded === null)).toBe(true);
    expectSuccess(await api.submit());
    await h.drainJobs();
    const scored = expectSuccess<ReportDetails>(await details(invitationId));
    expect(scored.questions[2]?.coding?.hiddenTests?.cases).toEqual([{ passed: true }, { passed: true }]);
    expect(scored.verdict).toBeNull();
  });

  it('another org’s invitation answers 404.4 exactly like a missing one', async () => {
    const { invitationId } = await take('mine@example.com', { single: 1, code: null });
    const other = await h.createOrg('Other');
    const theirs = expectFailure(await details(invitationId, other.apiKey), '404.4');
    const missing = expectFailure(await details(987_654, other.apiKey), '404.4');
    expect(theirs.result.replace(String(invitationId), 'N')).toBe(missing.result.replace('987654', 'N'));
  });

  it('the PDF and the Excel Questions sheet show each question’s marks as the details do', async () => {
    const ownTest = await h.importTest({ ...banded, testName: 'Per-question export' });
    clock.set(START);
    const { token, invitationId } = await registerFor(h, ownTest, 'rows@example.com');
    await registerFor(h, ownTest, 'never-started@example.com');
    const api = candidate(h, token);
    const [singleId, , codingId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(singleId!, { optionIds: [0] }));
    expectSuccess(await api.answer(codingId!, { code: SUM_SOLUTION }));
    expectSuccess(await api.submit());
    await h.drainJobs();

    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Which HTTP status means "not found"?');
    expect(text).toContain('\u22121 / 2');
    expect(text).toContain('Hidden tests: 2 of 2 passed');
    expect(text).toContain('input [[5,-5,10]]');

    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${ownTest}/excel` });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Questions')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(Object.fromEntries(headers.map((header, index) => [header, (row.values as unknown[])[index + 1] ?? null])));
    });
    // The attempt that never started has no question rows.
    expect(rows.map((row) => row.emailId)).toEqual(['rows@example.com', 'rows@example.com', 'rows@example.com']);
    expect(rows.map((row) => [row.questionNumber, row.type, row.marks, row.awarded, row.correct, row.answered, row.language])).toEqual([
      [1, 'single_choice', 2, -1, 'no', 'yes', null],
      [2, 'multiple_choice', 3, 0, 'no', 'no', null],
      [3, 'coding', 5, 5, 'yes', 'yes', 'javascript'],
    ]);
    expect(rows[2]).toMatchObject({ testInvitationId: invitationId, hiddenTestsPassed: 2, hiddenTestsTotal: 2, sampleRuns: 0 });

    const other = await h.createOrg('Elsewhere');
    expect((await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf`, apiKey: other.apiKey })).statusCode).toBe(404);
  });

  it('refuses a section of another test in the event log', async () => {
    const { api } = await take('sections@example.com', { single: null, code: null });
    expectFailure(await api.event('section', iso(clock.now()), { sectionId: 999_999 }), '400.10');
  });
});
