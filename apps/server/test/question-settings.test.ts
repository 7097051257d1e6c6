/**
 * Issue 52: the question settings act. `randomQuestions` / `randomAnswers` override every section's shuffle flags,
 * fixed at the attempt's start (decision 959); `showQuestionScore` off sends no marks (decision 960); `practiceTest`
 * shows the candidate their result and every read says "practice" (decision 961).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import type { CandidateSession, ReportDetails, TestSettings, V3Report } from '@assay/domain';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { pdfLines } from './helpers/pdf-text.js';
import { silentLog } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const choices = LETTERS.map((letter) => ({
  type: 'single_choice',
  text: `Question ${letter}`,
  marks: 2,
  options: [0, 1, 2, 3, 4].map((index) => ({ text: `${letter}${index}`, correct: index === 0 })),
}));
/** One section of eight questions, authored in order (`shuffle`: the section's own flags shuffle it). */
const definitionWith = (name: string, shuffle: boolean) => ({
  testName: name,
  testStatus: 'Active',
  sections: [
    { sectionName: 'Basics', sectionType: 'general', duration: 10, ...(shuffle ? { shuffleQuestions: true, shuffleOptions: true } : {}), questions: choices },
  ],
});

type Served = NonNullable<CandidateSession['test']['sections'][number]['questions']>[number];
const servedOf = (session: CandidateSession): Served[] => session.test.sections.flatMap((section) => section.questions ?? []);
const textsOf = (session: CandidateSession): string[] => servedOf(session).map((question) => question.text);
const optionTextsOf = (session: CandidateSession): string[] =>
  servedOf(session).map((question) => ('options' in question ? question.options.map((option) => option.text).join('') : ''));
const AUTHORED_OPTIONS = LETTERS.map((letter) => [0, 1, 2, 3, 4].map((index) => `${letter}${index}`).join(''));

describe.each(backends)('question settings that act on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  beforeAll(async () => {
    h = await startHarness(backend);
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-question-settings-${backend}-${process.pid}` }, silentLog, {
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await h.close();
  });

  const settingsUrl = (testId: number) => `/v2/org/tests/${testId}/settings`;
  /** Changes the test's settings through v2's admin route, as an integrator would. */
  const setSettings = async (testId: number, change: (settings: TestSettings) => TestSettings) => {
    const current = expectSuccess<TestSettings>(await h.request({ method: 'GET', url: settingsUrl(testId) }));
    expectSuccess(await h.request({ method: 'PUT', url: settingsUrl(testId), body: change(current) }));
  };
  const questionSettings =
    (randomQuestions: boolean, randomAnswers: boolean, showQuestionScore = true) =>
    (settings: TestSettings) => ({
      ...settings,
      questionSettings: { randomQuestions, randomAnswers, showQuestionScore },
    });
  const started = async (testId: number, emailId: string) => {
    const registered = await registerFor(h, testId, emailId);
    const api = candidate(h, registered.token);
    return { ...registered, api, session: await api.client.start() };
  };

  it('randomQuestions and randomAnswers on shuffle a test authored in order: two candidates, two orders, each kept', async () => {
    const testId = await h.importTest(definitionWith('Shuffled by settings', false));
    const before = await started(testId, 'before@example.com');
    expect(textsOf(before.session)).toEqual(LETTERS.map((letter) => `Question ${letter}`));

    await setSettings(testId, questionSettings(true, true));
    const first = await started(testId, 'first@example.com');
    const second = await started(testId, 'second@example.com');
    // Eight questions of five options each: two draws agreeing on every order is odds of 1 in 10^12.
    expect(`${textsOf(first.session)}${optionTextsOf(first.session)}`).not.toBe(`${textsOf(second.session)}${optionTextsOf(second.session)}`);
    expect(optionTextsOf(first.session)).not.toEqual(AUTHORED_OPTIONS);
    expect([...textsOf(first.session)].sort()).toEqual(LETTERS.map((letter) => `Question ${letter}`));
    // The attempt started before the settings keeps the definition's order.
    expect(textsOf(await before.api.client.session())).toEqual(LETTERS.map((letter) => `Question ${letter}`));

    // A settings change after the start never reorders a started attempt, on reload or in its report.
    await setSettings(testId, questionSettings(false, false));
    const reloaded = await first.api.client.session();
    expect(textsOf(reloaded)).toEqual(textsOf(first.session));
    expect(optionTextsOf(reloaded)).toEqual(optionTextsOf(first.session));
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${first.invitationId}/details` }));
    expect(details.variant?.questionIds).toEqual(servedOf(first.session).map((question) => question.questionId));
    expect(details.variant?.sections[0]).toMatchObject({ shuffleQuestions: true, shuffleOptions: true });
  });

  it('randomQuestions and randomAnswers off keep the definition’s order even where the sections shuffle', async () => {
    const testId = await h.importTest(definitionWith('Ordered by settings', true));
    await setSettings(testId, questionSettings(false, false));
    for (const emailId of ['one@example.com', 'two@example.com']) {
      const { session } = await started(testId, emailId);
      expect(textsOf(session)).toEqual(LETTERS.map((letter) => `Question ${letter}`));
      expect(optionTextsOf(session)).toEqual(AUTHORED_OPTIONS);
    }
  });

  it('answers stay keyed by question: a shuffled attempt answered right scores full marks', async () => {
    const testId = await h.importTest(definitionWith('Scored by id', false));
    await setSettings(testId, questionSettings(true, true));
    const { api, session, invitationId } = await started(testId, 'right@example.com');
    for (const question of servedOf(session)) expectSuccess(await api.answer(question.questionId, { optionIds: [0] }));
    expectSuccess(await api.submit());
    await worker.worker.drain();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ score: 16, maxScore: 16, percent: 100 });
    // The workbook's Time per question sheet names the order this candidate was shown, as for a test with pools.
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Time per question')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const headings = rows[0]!.map(String);
    const row = rows.find((cells) => cells[0] === invitationId)!;
    const shown = String(row[headings.indexOf('order shown (options: letters as authored)')]);
    expect(shown.split(', ')).toHaveLength(8);
    expect(row[headings.indexOf('variant seed')]).toBe(details.variant!.seed);
  });

  it('showQuestionScore: marks are shown by default, and off the session carries none', async () => {
    const testId = await h.importTest(definitionWith('Marks', false));
    const shown = await started(testId, 'shown@example.com');
    expect(shown.session.showQuestionScore).toBe(true);
    expect(servedOf(shown.session).every((question) => question.marks === 2 && question.negativeMarks === 0)).toBe(true);

    await setSettings(testId, questionSettings(false, false, false));
    const hidden = await started(testId, 'hidden@example.com');
    expect(hidden.session.showQuestionScore).toBe(false);
    const raw = (await hidden.api.session()).body;
    expect(raw).not.toContain('"marks"');
    expect(raw).not.toContain('"negativeMarks"');
  });

  it('practiceTest: the candidate sees their result at the end, and the v2 details, the PDF and the v3 report say practice', async () => {
    const testId = await h.importTest(definitionWith('Practice', false));
    await setSettings(testId, (settings) => ({ ...settings, testSettings: { ...settings.testSettings, practiceTest: true } }));
    const { api, session, invitationId } = await started(testId, 'practice@example.com');
    expect(session.practiceTest).toBe(true);
    expect(session.practiceResult).toBeUndefined();
    const [first, second] = servedOf(session);
    expectSuccess(await api.answer(first!.questionId, { optionIds: [0] }));
    expectSuccess(await api.answer(second!.questionId, { optionIds: [1] }));
    expectSuccess(await api.submit());
    expect((await api.client.session()).practiceResult).toMatchObject({ scored: false, questions: [] });

    await worker.worker.drain();
    const ended = await api.client.session();
    expect(ended.practiceResult).toMatchObject({ scored: true, provisional: false, score: 2, maxScore: 16, percent: 12.5 });
    expect(ended.practiceResult?.questions.map((question) => question.outcome)).toEqual(['right', 'wrong', ...Array(6).fill('not answered')]);
    // Never which option was right: a practice test does not hand out its answers.
    expect(JSON.stringify(ended)).not.toContain('"correct"');

    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.test.practiceTest).toBe(true);
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdfLines(pdf.rawPayload).join(' ')).toContain('Practice (practice test)');
    const v3 = await h.request({ method: 'GET', url: `/v3/reports/${invitationId}` });
    expect(v3.statusCode).toBe(200);
    expect(v3.json<V3Report>().practiceTest).toBe(true);

    const plainTest = await h.importTest(definitionWith('Not practice', false));
    const plain = await started(plainTest, 'plain@example.com');
    expect(plain.session.practiceTest).toBeUndefined();
    const plainDetails = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${plain.invitationId}/details` }));
    expect(plainDetails.test).not.toHaveProperty('practiceTest');
  });
});
