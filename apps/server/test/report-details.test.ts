import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import type { WorkbookRow } from '@assay/reports';
import { workbookRowsOfTest } from '../src/services/report-details.js';
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
      { optionId: 0, text: '200', textPlain: '200', textHtml: '<p>200</p>', correct: false, chosen: true },
      { optionId: 1, text: '404', textPlain: '404', textHtml: '<p>404</p>', correct: true, chosen: false },
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
      // The code's history: the one save made it (decision 555).
      playback: { frames: [{ at: iso(START), start: 0, deleted: '', inserted: SUM_SOLUTION }] },
    });
    // The one summary every surface shows (issue 48, decision 644): the departure, not reviewed yet.
    expect(report.integrity.summary).toEqual({
      level: 'unreviewed',
      departures: { total: 1, confirmed: 0, dismissed: 0, unreviewed: 1 },
      pastes: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
      similarAnswers: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
      snapshots: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
    });
    expect({ ...report.integrity, summary: undefined }).toEqual({
      summary: undefined,
      wv: 1,
      tv: 30,
      departures: [
        // Each departure is named for a reviewer (issue 32): unreviewed yet.
        {
          eventId: `departure-${START + 6 * 60_000}`,
          leftAt: iso(START + 6 * 60_000),
          returnedAt: iso(START + 6 * 60_000 + 30_000),
          seconds: 30,
          review: null,
        },
      ],
      omittedEvents: 0,
      snapshots: [],
      accommodation: null,
      // No typing was metered and nothing was copied: the AI-use rules found nothing (decision 1200).
      aiUse: [],
      // Issue 34: no other candidate answered alike.
      similarity: [],
      omittedSimilarPairs: 0,
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
    const { invitationId: neverStarted } = await registerFor(h, ownTest, 'never-started@example.com');
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
    const valuesOf = (sheet: ExcelJS.Worksheet, width: number) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push(Array.from({ length: width }, (_, index) => row.getCell(index + 1).value ?? null)));
      return rows;
    };
    // One row per candidate, in the Candidates sheet's order; one who never started has empty cells.
    expect(valuesOf(workbook.getWorksheet('Questions')!, 8)).toEqual([
      [
        'testInvitationId',
        'emailId',
        'fullName',
        'Q1 · 2 marks · Which HTTP status means "not found"?',
        'Q2 · 3 marks · Which are idempotent HTTP methods?',
        'Q3 · 5 marks · Return the sum of an array of numbers.',
        'Q3 language',
        'Q3 hidden tests passed',
      ],
      [invitationId, 'rows@example.com', 'Ada Lovelace', -1, 0, 5, 'JavaScript', '2/2'],
      [neverStarted, 'never-started@example.com', 'Ada Lovelace', null, null, null, null, null],
    ]);
    expect(valuesOf(workbook.getWorksheet('Candidates')!, 1)).toEqual([['testInvitationId'], [invitationId], [neverStarted]]);

    const other = await h.createOrg('Elsewhere');
    expect((await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf`, apiKey: other.apiKey })).statusCode).toBe(404);
  });

  it('the workbook’s Questions rows are the Candidates rows, even when a candidate registers during the export', async () => {
    const ownTest = await h.importTest({ ...banded, testName: 'Registered meanwhile' });
    const first = await registerFor(h, ownTest, 'first@example.com');
    const second = await registerFor(h, ownTest, 'second@example.com');
    const kinds: string[] = [];
    const ids: number[] = [];
    for await (const row of workbookRowsOfTest(h.store, h.org.orgId, ownTest) as AsyncGenerator<WorkbookRow>) {
      if ('kind' in row && (row.kind === 'questions-header' || row.kind === 'times-header' || row.kind === 'item-analysis')) {
        kinds.push(row.kind);
        if (row.kind !== 'questions-header') continue;
        // The Candidates sheet is written: someone registers before the Questions sheet is read.
        await registerFor(h, ownTest, 'late@example.com');
        continue;
      }
      kinds.push('kind' in row ? row.kind : 'candidate');
      ids.push(row.testInvitationId);
    }
    expect(kinds).toEqual([
      'candidate',
      'candidate',
      'questions-header',
      'questions-row',
      'questions-row',
      'times-header',
      'times-row',
      'times-row',
      'item-analysis',
    ]);
    expect(ids).toEqual([first.invitationId, second.invitationId, first.invitationId, second.invitationId, first.invitationId, second.invitationId]);
  });

  it('refuses a section of another test in the event log', async () => {
    const { api } = await take('sections@example.com', { single: null, code: null });
    expectFailure(await api.event('section', iso(clock.now()), { sectionId: 999_999 }), '400.10');
  });
});
