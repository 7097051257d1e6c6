import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { pdfPageCount, pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);

const choice = { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] };
const capital = {
  type: 'short_answer',
  text: 'Capital of France?',
  marks: 2,
  acceptedAnswers: [{ answer: 'Paris', match: 'text' }],
  reviewUnmatched: true,
};
const essay = {
  type: 'free_text',
  text: 'Explain your approach.',
  marks: 5,
  wordLimit: 3000,
  rubric: [
    { criterion: 'Correctness', marks: 3 },
    { criterion: 'Clarity', marks: 2 },
  ],
};
const writtenTest = {
  testName: 'Written report',
  sections: [{ sectionName: 'Written', sectionType: 'general', duration: 20, questions: [choice, capital, essay] }],
};

/** An essay of several pages: 120 numbered sentences, in paragraphs of ten, the last one recognisable. */
const longEssay = Array.from({ length: 12 }, (_, paragraph) =>
  Array.from({ length: 10 }, (_, index) => `Sentence ${paragraph * 10 + index + 1} weighs the cost of sorting the input before searching it.`).join(' '),
).join('\n\n');

describe.each(backends)('written answers in the report, PDF, Excel and /details on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;
  let graded: number;
  let awaiting: number;
  let partly: number;

  const take = async (email: string, answers: { short: string; free: string }) => {
    const { token, invitationId } = await registerFor(h, testId, email);
    const api = candidate(h, token);
    const [single, short, free] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.answer(short!, { text: answers.short }));
    expectSuccess(await api.answer(free!, { text: answers.free }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    return { invitationId, short: short!, free: free! };
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    // One attempt graded: its short answer matched, its essay graded through the API by a reviewer's key at 10:00
    // (the last grade: the report Generated with the final score).
    const first = await take('graded@example.com', { short: '  paris ', free: longEssay });
    graded = first.invitationId;
    clock.set(START + 3_600_000);
    const grade = {
      marks: 4,
      criteria: [
        { criterion: 'Correctness', marks: 3 },
        { criterion: 'Clarity', marks: 1 },
      ],
      comment: 'Sound reasoning; the second half repeats itself.',
    };
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${graded}/grades/${first.free}`, body: grade, apiKey: reviewer.apiKey }));
    // One attempt awaiting: an unmatched short answer (the author asked for review) and an essay.
    awaiting = (await take('awaiting@example.com', { short: 'Lyon', free: 'I would sort first.' })).invitationId;
    // One attempt graded in part: its unmatched short answer graded, its essay still awaiting.
    const third = await take('partly@example.com', { short: 'Marseille', free: 'Binary search.' });
    partly = third.invitationId;
    expectSuccess(
      await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${partly}/grades/${third.short}`, body: { marks: 1 }, apiKey: reviewer.apiKey }),
    );
  });
  afterAll(() => h.close());

  const details = async (invitationId: number) =>
    expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
  const pdf = async (invitationId: number) => {
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('/details shows each written answer, how it was marked, and the grade with its rubric marks, comment and reviewer', async () => {
    const report = await details(graded);
    expect(report.status).toEqual({ testStatus: 'Completed', reportStatus: 'Generated' });
    expect(report.score).toMatchObject({ score: 7, maxScore: 8 });
    expect(report.review).toEqual({ awaiting: 0, graded: 1, scoreSoFar: 7 });
    const [, short, free] = report.questions;
    expect(short).toMatchObject({ type: 'short_answer', awarded: 2, answered: true });
    expect(short!.written).toEqual({ answer: '  paris ', words: 1, matched: { answer: 'Paris', match: 'text' }, marking: 'machine', grade: null });
    expect(free).toMatchObject({ type: 'free_text', awarded: 4, answered: true });
    expect(free!.written).toEqual({
      answer: longEssay,
      words: 120 * 12,
      wordLimit: 3000,
      rubric: essay.rubric,
      marking: 'graded',
      grade: {
        marks: 4,
        criteria: [
          { criterion: 'Correctness', marks: 3 },
          { criterion: 'Clarity', marks: 1 },
        ],
        comment: 'Sound reasoning; the second half repeats itself.',
        gradedBy: { keyId: expect.any(Number), label: 'Panel A' },
        gradedAt: '2026-12-01T10:00:00',
      },
    });
    // A choice question has no written part.
    expect(report.questions[0]).not.toHaveProperty('written');
  });

  it('/details flags answers awaiting review and gives the marks so far as provisional', async () => {
    const report = await details(awaiting);
    expect(report.status).toEqual({ testStatus: 'Completed', reportStatus: 'In progress' });
    expect(report.score.score).toBe(0);
    expect(report.review).toEqual({ awaiting: 2, graded: 0, scoreSoFar: 1 });
    const [, short, free] = report.questions;
    expect(short!.written).toEqual({ answer: 'Lyon', words: 1, matched: null, marking: 'awaiting_review', grade: null });
    expect(free!.written).toMatchObject({ answer: 'I would sort first.', words: 4, marking: 'awaiting_review', grade: null });
  });

  it('v3’s report of an attempt awaiting a grader says Review Pending with the progress, never Complete with 0 points (decision 1026)', async () => {
    const v3Report = async (invitationId: number) => {
      const response = await h.request({ method: 'GET', url: `/v3/reports/${invitationId}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ status: string; candidatePoints: number; PerformanceCategory: string | null; review?: unknown }>();
    };
    expect(await v3Report(awaiting)).toMatchObject({ status: 'Review Pending', candidatePoints: 0, review: { awaiting: 2, graded: 0, scoreSoFar: 1 } });
    expect(await v3Report(partly)).toMatchObject({ status: 'Review Pending', review: { awaiting: 1, graded: 1 } });
    // Once every answer is graded the report is final: Complete with its score, no progress left to tell.
    const final = await v3Report(graded);
    expect(final).toMatchObject({ status: 'Complete', candidatePoints: 7 });
    expect(final).not.toHaveProperty('review');
  });

  it('the PDF shows the essay across pages, the rubric marks, the comment and the reviewer', async () => {
    const bytes = await pdf(graded);
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Short answer');
    expect(text).toContain('Free text');
    expect(text).toContain('Matched the accepted answer “Paris” (text match)');
    expect(text).toContain('Answer · 1440 words (limit 3000)');
    // Every sentence of the essay, the first and the last, wrapped over the pages it needs.
    expect(text).toContain('Sentence 1 weighs the cost');
    expect(text).toContain('Sentence 120 weighs the cost of sorting the input before searching it.');
    expect(pdfPageCount(bytes)).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/Rubric Criterion Marks given Out of Correctness 3 3 Clarity 1 2/);
    expect(text).toContain('Sound reasoning; the second half repeats itself.');
    expect(text).toContain('Graded 4 by Panel A on 2026-12-01 10:00:00 UTC');
    expect(text).not.toContain('Awaiting review');
  });

  it('the PDF of an attempt awaiting review says so, and its score is provisional', async () => {
    const text = pdfText(await pdf(awaiting)).replace(/\s+/g, ' ');
    expect(text).toContain('Score · provisional');
    expect(text).toContain('not final: 2 answers await review');
    expect(text).toContain('Awaiting review: no one has graded this answer yet');
    expect(text).toContain('I would sort first.');
    expect(text).toMatch(/Rubric Criterion Marks given Out of Correctness – 3 Clarity – 2/);
  });

  const sheetRows = async (name: string, columns: number): Promise<unknown[][]> => {
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet(name)!.eachRow((row) => rows.push(Array.from({ length: columns }, (_, index) => row.getCell(index + 1).value ?? null)));
    return rows;
  };

  it('the Excel Questions sheet gives the written questions their marks as the other types, and says which await review', async () => {
    expect(await sheetRows('Questions', 6)).toEqual([
      ['testInvitationId', 'emailId', 'fullName', 'Q1 · 1 mark · Pick b', 'Q2 · 2 marks · Capital of France?', 'Q3 · 5 marks · Explain your approach.'],
      [graded, 'graded@example.com', 'Ada Lovelace', 1, 2, 4],
      // In progress (decision 425): the marks so far, and the answers awaiting a grade say so (not empty, unscored cells).
      [awaiting, 'awaiting@example.com', 'Ada Lovelace', 1, 'awaiting review', 'awaiting review'],
      [partly, 'partly@example.com', 'Ada Lovelace', 1, 1, 'awaiting review'],
    ]);
  });

  it('the Excel Candidates sheet gives a report awaiting review its status: Completed, In progress', async () => {
    const rows = await sheetRows('Candidates', 5);
    expect(rows.slice(1).map(([id, , , testStatus, reportStatus]) => [id, testStatus, reportStatus])).toEqual([
      [graded, 'Completed', 'Generated'],
      [awaiting, 'Completed', 'In progress'],
      [partly, 'Completed', 'In progress'],
    ]);
  });
});
