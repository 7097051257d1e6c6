import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, ReportDetails, RunCodeResult } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const PY_STARTER = 'def total(numbers):\n    pass\n';
const PY_SOLUTION = 'def total(numbers):\n    print("adding", len(numbers))\n    return sum(numbers)\n';
const TS_SOLUTION = 'export function total(numbers: number[]): number {\n  return numbers.reduce((a, b) => a + b, 0);\n}\n';

/** A coding test whose question accepts Python, JavaScript and TypeScript, with a starter per language. */
const polyglot = {
  testName: 'Polyglot screen',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          text: 'Add up a list of numbers.',
          marks: 4,
          languages: ['python', 'javascript', 'typescript'],
          functionName: 'total',
          starterCode: { python: PY_STARTER, javascript: 'function total(numbers) {\n}\n' },
          sampleTests: [{ args: [[1, 2, 3]], expected: 6 }],
          hiddenTests: [
            { args: [[]], expected: 0 },
            { args: [[4, 0.5]], expected: 4.5 },
          ],
        },
        { type: 'coding', text: 'Legacy: JavaScript only.', language: 'javascript', functionName: 'one', hiddenTests: [{ args: [], expected: 1 }] },
      ],
    },
  ],
};

describe.each(backends)('coding languages and extra time on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(polyglot);
  });
  afterAll(() => h.close());

  it('imports the languages of each question; a legacy language that disagrees is refused', async () => {
    const refused = await h.request({
      method: 'POST',
      url: '/v2/org/tests',
      body: { ...polyglot, sections: [{ ...polyglot.sections[0], questions: [{ ...polyglot.sections[0]!.questions[0], language: 'javascript' }] }] },
    });
    expectFailure(refused, '400.2');
    expect(refused.body).toContain('language (javascript) must be the first of languages (python, javascript, typescript)');
  });

  it('shows the candidate every accepted language and its starter code, the first as the default', async () => {
    const { token } = await registerFor(h, testId, 'view@example.com');
    const session = await candidate(h, token).client.start();
    const [question, legacy] = session.test.sections[0]!.questions!;
    expect(question).toMatchObject({
      languages: ['python', 'javascript', 'typescript'],
      language: 'python',
      starterCode: PY_STARTER,
      starterCodes: { python: PY_STARTER, javascript: 'function total(numbers) {\n}\n', typescript: '' },
    });
    expect(legacy).toMatchObject({ languages: ['javascript'], language: 'javascript', starterCode: '', starterCodes: { javascript: '' } });
  });

  it('saves an answer with its language, refuses one the question does not accept, and scores it in that language', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'python@example.com');
    const api = candidate(h, token);
    const [coding, legacy] = questionIdsOf(await api.client.start());

    const wrong = await api.answer(legacy!, { code: 'def one():\n    return 1', language: 'python' });
    expectFailure(wrong, '400.2');
    expect(wrong.body).toContain('This question cannot be answered in Python: answer it in JavaScript.');
    expectFailure(await api.answer(coding!, { code: 'x', language: 'ruby' }), '400.2');

    expectSuccess(await api.answer(coding!, { code: PY_SOLUTION, language: 'python' }));
    expectSuccess(await api.answer(legacy!, { code: 'function one() { return 1; }' }));
    const session = expectSuccess<CandidateSession>(await api.session());
    expect(session.answers[String(coding)]).toMatchObject({ code: PY_SOLUTION, language: 'python' });
    expect(session.answers[String(legacy)]).toMatchObject({ language: 'javascript' });

    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ score: 5, maxScore: 5 });
    expect(details.questions.map((question) => question.coding?.language)).toEqual(['python', 'javascript']);

    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(/Submitted code · Python[\s\S]*Submitted code · JavaScript/);
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    // Whatever the Questions sheet's layout, the candidate's rows name the languages used, in question order.
    const cells: string[] = [];
    workbook.getWorksheet('Questions')!.eachRow((row) => {
      const values = Array.from(row.values as unknown[], (value) => String(value ?? ''));
      if (values.includes('python@example.com')) cells.push(...values);
    });
    expect(cells.filter((value) => ['python', 'javascript'].includes(value.toLowerCase()))).toEqual(['Python', 'JavaScript']);
  });

  it('runs samples in the language chosen (the first by default), with output, time and error positions', async () => {
    const { token } = await registerFor(h, testId, 'runner@example.com');
    const api = candidate(h, token);
    const [coding, legacy] = questionIdsOf(await api.client.start());
    const run = async (code: string, language?: string) =>
      expectSuccess<RunCodeResult>(
        await h.request({ method: 'POST', url: `/candidate/v1/${token}/run/${coding}`, body: { code, ...(language ? { language } : {}) }, apiKey: null }),
      ).results[0]!;

    const python = await run(PY_SOLUTION);
    expect(python).toMatchObject({ passed: true, args: [[1, 2, 3]], expected: 6, actual: 6, output: 'adding 3\n' });
    expect(python.timeMs).toBeGreaterThanOrEqual(0);
    expect(await run(TS_SOLUTION, 'typescript')).toMatchObject({ passed: true, actual: 6 });
    expect(await run('def total(numbers):\n    return numbers[10]\n')).toMatchObject({
      passed: false,
      error: 'IndexError: list index out of range',
      errorLocation: { line: 2, column: 12 },
    });
    const refused = await h.request({ method: 'POST', url: `/candidate/v1/${token}/run/${legacy}`, body: { code: 'x', language: 'typescript' }, apiKey: null });
    expectFailure(refused, '400.2');
    expect(refused.body).toContain('This question cannot be answered in TypeScript');
  });

  it('names in the Excel Questions sheet the language each answer was written in', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'typescript@example.com');
    const api = candidate(h, token);
    const [coding, legacy] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(coding!, { code: TS_SOLUTION, language: 'typescript' }));
    expectSuccess(await api.answer(legacy!, { code: 'function one() { return 1; }' }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Questions')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    let row: Record<string, unknown> | undefined;
    sheet.eachRow((each) => {
      if (each.getCell(1).value === invitationId) row = Object.fromEntries(headings.map((heading, index) => [String(heading), each.getCell(index + 1).value]));
    });
    expect(row).toMatchObject({ 'Q1 language': 'TypeScript', 'Q1 hidden tests passed': '2/2', 'Q2 language': 'JavaScript', 'Q2 hidden tests passed': '1/1' });
  });

  it('gives a candidate registered with extraTimePercent (4.7 and 4.8) a longer deadline, shown in the report', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'extra@example.com', { extraTimePercent: 50 });
    const started = await candidate(h, token).client.start();
    expect(Date.parse(started.deadline!) - Date.parse(started.startedAt!)).toBe(90 * 60_000);
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.integrity.accommodation).toEqual({ extraTimePercent: 50 });

    const link = await h.client.testLinks.create(testId, { testLinkName: 'Extra', accessTime: 0 });
    const byLink = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
      body: { emailId: 'link-extra@example.com', fullName: 'Grace Hopper', extraTimePercent: 25 },
    });
    const linkToken = new URL(expectSuccess<{ testUrl: string }>(byLink).testUrl).pathname.split('/').at(-1)!;
    const linkStarted = await candidate(h, linkToken).client.start();
    expect(Date.parse(linkStarted.deadline!) - Date.parse(linkStarted.startedAt!)).toBe(75 * 60_000);
  });

  it('tells the candidate and the report the time allowed with the extra time, the session JSON before and after the start', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'told@example.com', { extraTimePercent: 25 });
    const landing = expectSuccess<CandidateSession>(await candidate(h, token).session());
    expect(landing.test).toMatchObject({ duration: 60, extraTimePercent: 25, allowedSeconds: 4500 });
    const started = await candidate(h, token).client.start();
    expect(started.test).toMatchObject({ duration: 60, extraTimePercent: 25, allowedSeconds: 4500 });
    expect(Date.parse(started.deadline!) - Date.parse(started.startedAt!)).toBe(4500 * 1000);
    const { token: plain } = await registerFor(h, testId, 'untold@example.com');
    expect(expectSuccess<CandidateSession>(await candidate(h, plain).session()).test).toMatchObject({ extraTimePercent: 0, allowedSeconds: 3600 });

    expectSuccess(await candidate(h, token).submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.test).toMatchObject({ duration: 60, allowedSeconds: 4500 });
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdfText(pdf.rawPayload)).toMatch(/\d+ min of 75 min/);
  });

  it('updates the extra time of an invitation not started yet, and refuses values outside 0-100', async () => {
    const { token } = await registerFor(h, testId, 'later@example.com', { extraTimePercent: 10 });
    await registerFor(h, testId, 'later@example.com', { extraTimePercent: 100 });
    const started = await candidate(h, token).client.start();
    expect(Date.parse(started.deadline!) - Date.parse(started.startedAt!)).toBe(120 * 60_000);
    for (const extraTimePercent of [-1, 101, 2.5, '50']) {
      const refused = await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/register`,
        body: { emailId: 'bad@example.com', fullName: 'Bad', extraTimePercent },
      });
      expectFailure(refused, '400.2');
    }
  });
});
