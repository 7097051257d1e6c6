import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { formatScore, scoreQuestion, type CandidateSession, type QuestionRecord, type ReportDetails, type TestDetails } from '@assay/domain';
import { candidate, manualClock, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfLines } from './helpers/pdf-text.js';
import { silentLog } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** The shipped example: 3 of 6 questions drawn, shuffled, options shuffled; a fixed coding section (issue 34, item 5). */
const EXAMPLE = JSON.parse(readFileSync(fileURLToPath(new URL('../../../examples/tests/pooled-web-fundamentals.json', import.meta.url)), 'utf8')) as {
  sections: Record<string, unknown>[];
};
const START = Math.floor(Date.now() / 1000) * 1000;

type Served = NonNullable<CandidateSession['test']['sections'][number]['questions']>[number];
const servedOf = (session: CandidateSession): Served[] => session.test.sections.flatMap((section) => section.questions ?? []);
const variantKey = (session: CandidateSession): string =>
  servedOf(session)
    .map((question) => `${question.questionId}:${'options' in question ? question.options.map((option) => option.optionId).join('') : ''}`)
    .join(' ');

describe.each(backends)('question pools and shuffling on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let testId: number;
  let questions: readonly QuestionRecord[];
  const clock = manualClock(START);

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(EXAMPLE);
    questions = await h.store.attempts.questions(testId);
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-pools-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await h.close();
  });

  const started = async (emailId: string) => {
    const registered = await registerFor(h, testId, emailId);
    const api = candidate(h, registered.token);
    return { ...registered, api, session: await api.client.start() };
  };
  const definitionOf = (questionId: number) => questions.find((question) => question.id === questionId)!.definition;
  /** The canonical ids of a choice question's correct options. */
  const correctOf = (questionId: number): number[] => {
    const definition = definitionOf(questionId);
    if (definition.type !== 'single_choice' && definition.type !== 'multiple_choice') throw new Error('not a choice question');
    return definition.options.flatMap((option, optionId) => (option.correct ? [optionId] : []));
  };

  it('counts a pool as its draw in the v2 answers: the section has 3 questions, the test 4', async () => {
    const details = expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}` }));
    expect(details).toMatchObject({
      questions: 4,
      sections: [
        { sectionName: 'HTTP and the web', questions: 3 },
        { sectionName: 'Coding', questions: 1 },
      ],
    });
  });

  it.each([
    ['a draw of 0', 0, 'sections.0.draw: draw must be at least 1'],
    ['a draw over the pool', 7, "sections.0.draw: draw (7) must be at most the section's number of questions (6)"],
    ['a fractional draw', 2.5, 'sections.0.draw: draw must be a whole number of questions'],
  ])('refuses %s at import with 400.2, naming the field', async (_, draw, message) => {
    const definition = { ...EXAMPLE, sections: [{ ...EXAMPLE.sections[0], draw }, EXAMPLE.sections[1]] };
    const refused = expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests', body: definition }), '400.2');
    expect(String(refused.result)).toContain(message);
  });

  it('gives each candidate a variant of their own, fixed at the start: 3 drawn questions, options under their canonical ids', async () => {
    const first = await started('first@example.com');
    const second = await started('second@example.com');
    for (const { session } of [first, second]) {
      const [pool, coding] = session.test.sections;
      expect(pool!.questionCount).toBe(3);
      expect(pool!.questions).toHaveLength(3);
      expect(coding!.questions!.map((question) => question.type)).toEqual(['coding']);
      for (const question of pool!.questions!) {
        if (!('options' in question)) throw new Error('a choice question was expected');
        expect(question.options.map((option) => option.optionId).sort()).toEqual([0, 1, 2, 3]);
      }
    }
    // 120 ordered draws times 24³ option orders: two candidates alike would be a one-in-1.6-million coincidence.
    expect(variantKey(first.session)).not.toBe(variantKey(second.session));
    // Reloading, or starting again, serves the same variant.
    expect(variantKey(await first.api.client.session())).toBe(variantKey(first.session));
    expect(variantKey(expectSuccess<CandidateSession>(await first.api.start()))).toBe(variantKey(first.session));
  });

  it("reports each candidate's total out of their own draw when a pool's questions carry different marks", async () => {
    const unequal = await h.importTest({
      testName: 'Unequal pool',
      sections: [
        {
          sectionName: 'Pool',
          sectionType: 'general',
          duration: 5,
          draw: 1,
          questions: [
            { type: 'single_choice', text: 'Worth 1', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] },
            { type: 'single_choice', text: 'Worth 4', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] },
          ],
        },
      ],
    });
    // Before any draw the test is worth what its luckiest draw is worth.
    expect(expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${unequal}` }))).toMatchObject({ questions: 1 });
    const takers: { invitationId: number; full: boolean }[] = [];
    for (const [index, emailId] of [
      'unequal.a@example.com',
      'unequal.b@example.com',
      'unequal.c@example.com',
      'unequal.d@example.com',
      'unequal.e@example.com',
    ].entries()) {
      const registered = await registerFor(h, unequal, emailId);
      const api = candidate(h, registered.token);
      const session = await api.client.start();
      const [asked] = servedOf(session);
      const worth = asked!.marks;
      // Four answer right (full marks of whatever they drew: 1 or 4), the last one wrong.
      const full = index < 4;
      expectSuccess(await api.answer(asked!.questionId, { optionIds: [full ? 0 : 1] }));
      expectSuccess(await api.submit());
      takers.push({ invitationId: registered.invitationId, full });
      const report = expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${registered.invitationId}` }));
      expect(report).toMatchObject({ totalScore: String(worth), questions: 1 });
      const sections = expectSuccess<{ sectionScore: number }[]>(await h.request({ method: 'GET', url: `/v2/org/report/${registered.invitationId}/sections` }));
      expect(sections.map((section) => section.sectionScore)).toEqual([worth]);
    }
    await worker.worker.drain();
    // Ranked by the share of their own draw (decision 577): every full-marks candidate ties at the top, whether their
    // draw was worth 1 or 4 (1 below, 4 tied of 5: 60), and the wrong one is last (0 below, 1 tied: 10).
    for (const { invitationId, full } of takers) {
      const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
      expect(details.percentile).toEqual({ percentile: full ? 60 : 10, basedOn: 5 });
      expect(details.score.percent).toBe(full ? 100 : 0);
    }
  });

  // A question of the pool left out of the draw answers exactly like a question of no test, on every candidate route
  // that names a question: another answer would tell the candidate what else the pool holds (decision 643).
  type Call = (token: string, questionId: number) => ReturnType<Harness['request']>;
  const runs = (token: string, body: Record<string, unknown>) => h.request({ method: 'POST', url: `/candidate/v1/${token}/runs`, body, apiKey: null });
  const at = () => new Date(clock.now()).toISOString();
  const routes: Record<string, Call> = {
    'an answer': (token, questionId) => candidate(h, token).answer(questionId, { optionIds: [0] }),
    'a sample run': (token, questionId) => candidate(h, token).run(questionId, 'function f() {}'),
    'a queued sample run': (token, questionId) => runs(token, { questionId, code: 'function f() {}' }),
    'a run of custom input': (token, questionId) => runs(token, { questionId, code: 'function f() {}', customArgs: [1] }),
    'a question view': (token, questionId) => candidate(h, token).event('question', at(), { questionId }),
    'a paste': (token, questionId) => candidate(h, token).event('paste', at(), { questionId, chars: 40, lines: 2 }),
  };
  it.each(Object.keys(routes))('refuses %s for a question outside the draw exactly like one of no test (404.8), and keeps nothing', async (route) => {
    const { api, token, session } = await started(`outside-${route.replaceAll(' ', '-')}@example.com`);
    const served = new Set(servedOf(session).map((question) => question.questionId));
    const undrawn = questions.find((question) => !served.has(question.id))!;
    const missing = Math.max(...questions.map((question) => question.id)) + 1_000;
    const outside = expectFailure(await routes[route]!(token, undrawn.id), '404.8');
    const absent = expectFailure(await routes[route]!(token, missing), '404.8');
    expect(outside.result).toBe(`Question ${undrawn.id} is not one of the questions of your test.`);
    expect(absent.result).toBe(`Question ${missing} is not one of the questions of your test.`);
    expect((await api.client.session()).answers).toEqual({});
  });

  it('scores each candidate on their own draw, answers by canonical option ids, out of the questions they were asked', async () => {
    const right = await started('right@example.com');
    const wrong = await started('wrong@example.com');
    // The page reports each question it shows (so the Time per question sheet has times to show).
    for (const question of servedOf(right.session))
      expectSuccess(await right.api.event('question', new Date(clock.now()).toISOString(), { questionId: question.questionId }));
    for (const question of servedOf(right.session).filter((entry) => entry.type !== 'coding')) {
      expectSuccess(await right.api.answer(question.questionId, { optionIds: correctOf(question.questionId) }));
    }
    // The other candidate picks whatever option is shown first: what that scores depends on where the shuffle put it.
    let wrongExpected = 0;
    for (const question of servedOf(wrong.session)) {
      if (!('options' in question)) continue;
      const shownFirst = question.options[0]!.optionId;
      expectSuccess(await wrong.api.answer(question.questionId, { optionIds: [shownFirst] }));
      wrongExpected += scoreQuestion(definitionOf(question.questionId), { optionIds: [shownFirst] });
    }
    expectSuccess(await right.api.submit());
    expectSuccess(await wrong.api.submit());
    await worker.worker.drain();
    const report = async (invitationId: number) =>
      expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
    expect(await report(right.invitationId)).toMatchObject({ reportStatus: 'Generated', score: '3', totalScore: '8', questions: 4 });
    expect(await report(wrong.invitationId)).toMatchObject({ reportStatus: 'Generated', score: formatScore(Math.round(wrongExpected * 100) / 100) });
    // The details name the variant: the questions in the order this candidate saw them, options as they were shown.
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${wrong.invitationId}/details` }));
    const shown = servedOf(wrong.session);
    expect(details.variant).toMatchObject({
      questionIds: shown.map((question) => question.questionId),
      sections: [
        { sectionName: 'HTTP and the web', asked: 3, poolSize: 6, shuffleQuestions: true, shuffleOptions: true },
        { sectionName: 'Coding', asked: 1, poolSize: 1, shuffleQuestions: false, shuffleOptions: false },
      ],
    });
    expect(details.variant!.seed).toEqual(expect.any(Number));
    expect(details.questions.map((question) => question.questionId)).toEqual(shown.map((question) => question.questionId));
    for (const [index, question] of shown.entries()) {
      if ('options' in question)
        expect(details.questions[index]!.options!.map((option) => option.optionId)).toEqual(question.options.map((option) => option.optionId));
    }
    expect(details.score).toMatchObject({ maxScore: 8 });
    // The PDF names it too, and lists the questions in the candidate's order.
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${wrong.invitationId}/pdf` });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const text = pdfLines(pdf.rawPayload).join(' ');
    expect(text).toContain('HTTP and the web: 3 of 6 drawn, questions and options shuffled; Coding: as authored');
    expect(text).toContain(`seed ${details.variant!.seed}`);
    expect(details.sections.map((section) => section.maxScore)).toEqual([3, 5]);
    // The workbook: the Questions sheet's cells of questions this candidate was not asked are empty, the asked ones
    // hold their marks; the Candidates sheet's total is out of the draw.
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = (name: string) => {
      const rows: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const headings = rows[0]!.map(String);
      return new Map(rows.slice(1).map((row) => [row[0], Object.fromEntries(headings.map((heading, index) => [heading, row[index] ?? null]))]));
    };
    const rightRow = sheet('Questions').get(right.invitationId)!;
    const askedNumbers = new Set(servedOf(right.session).map((question) => questions.findIndex((entry) => entry.id === question.questionId) + 1));
    for (const number of [1, 2, 3, 4, 5, 6])
      expect(rightRow[Object.keys(rightRow).find((heading) => heading.startsWith(`Q${number} `))!]).toBe(askedNumbers.has(number) ? 1 : null);
    expect(sheet('Candidates').get(right.invitationId)).toMatchObject({ score: 3, totalScore: 8 });
    // Its percent is the report's, out of the draw (decision 820).
    expect(sheet('Candidates').get(wrong.invitationId)).toMatchObject({ percent: details.score.percent, percentile: details.percentile?.percentile ?? null });
    // The Time per question sheet names the order each candidate was shown, options by their authored letters, and the seed.
    const numberOf = (questionId: number) => questions.findIndex((entry) => entry.id === questionId) + 1;
    const shownText = (session: CandidateSession) =>
      session.test.sections
        .map((section) =>
          (section.questions ?? [])
            .map((question) =>
              'options' in question
                ? `Q${numberOf(question.questionId)} (${question.options.map((option) => String.fromCharCode(65 + option.optionId)).join(' ')})`
                : `Q${numberOf(question.questionId)}`,
            )
            .join(', '),
        )
        .join(' · ');
    const times = sheet('Time per question');
    expect(times.get(wrong.invitationId)).toMatchObject({
      'order shown (options: letters as authored)': shownText(wrong.session),
      'variant seed': details.variant!.seed,
    });
    expect(times.get(right.invitationId)).toMatchObject({ 'order shown (options: letters as authored)': shownText(right.session) });
    // A question outside the draw has no time (not asked), as its Questions cell has no marks.
    const rightTimes = times.get(right.invitationId)!;
    for (const number of [1, 2, 3, 4, 5, 6]) {
      const cell = rightTimes[Object.keys(rightTimes).find((heading) => heading.startsWith(`Q${number} seconds`))!];
      expect(cell === null).toBe(!askedNumbers.has(number));
    }
    // Marks were recorded for the asked questions only.
    const scored = await h.store.attemptLog.questionResults(right.invitationId);
    const byNumber = (a: number, b: number) => a - b;
    expect([...scored.keys()].map(Number).sort(byNumber)).toEqual(
      servedOf(right.session)
        .map((question) => question.questionId)
        .sort(byNumber),
    );
  });
});
