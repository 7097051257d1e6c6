import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { SUM_SOLUTION, candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

type Question = Record<string, unknown>;
type Section = { questions: Question[] } & Record<string, unknown>;

/** The sample test with its questions tagged: the single choice [HTTP, Status codes], the multiple choice [http], the coding one none. */
const tagged = (skills: readonly (readonly string[] | undefined)[]) => {
  const sections = sampleDefinition.sections as unknown as Section[];
  let at = 0;
  return {
    ...sampleDefinition,
    testName: 'Skill-wise screening',
    sections: sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => {
        const named = skills[at++];
        return named === undefined ? question : { ...question, skills: named };
      }),
    })),
  };
};

describe.each(backends)('skill-wise reports (issue 52) on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it.each([
    ['the same skill twice in another case', ['SQL', 'sql'], 'sections.0.questions.0.skills: a question names each skill once'],
    ['an empty skill', ['SQL', '   '], 'sections.0.questions.0.skills.1: skills must not be empty'],
    ['a skill over 60 characters', ['x'.repeat(61)], 'sections.0.questions.0.skills.0: skills must be at most 60 characters'],
    ['eleven skills', Array.from({ length: 11 }, (_, index) => `Skill ${index}`), 'sections.0.questions.0.skills: a question has at most 10 skills'],
    ['a control character', ['SQL\u001b'], 'sections.0.questions.0.skills.0: skills must not contain'],
  ])('refuses %s at import with 400.2, naming where', async (_, skills, message) => {
    const refused = expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests', body: tagged([skills]) }), '400.2');
    expect(refused.result).toContain(message);
  });

  it('gives /details, the PDF and the workbook the per-skill points of a completed attempt', async () => {
    const testId = await h.importTest(tagged([['HTTP', ' Status codes '], ['http'], undefined]));
    const { token, invitationId } = await registerFor(h, testId, 'skills@example.com');
    const api = candidate(h, token);
    const [singleId, , codingId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(singleId!, { optionIds: [0] }));
    expectSuccess(await api.answer(codingId!, { code: SUM_SOLUTION }));
    expectSuccess(await api.submit());
    await h.drainJobs();

    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ score: 4, maxScore: 10 });
    // "http" merges into "HTTP"; the untagged coding question counts under its section; the wrong single choice costs 1.
    expect(details.skills).toEqual([
      { skill: 'HTTP', points: -1, maxPoints: 5, percentage: 0, questions: 2, awaitingReview: 0 },
      { skill: 'Status codes', points: -1, maxPoints: 2, percentage: 0, questions: 1, awaitingReview: 0 },
      { skill: 'Coding', points: 5, maxPoints: 5, percentage: 100, questions: 1, awaitingReview: 0 },
    ]);

    // The typed client reads them too.
    expect((await h.client.reports.details(invitationId)).skills).toEqual(details.skills);

    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const firstPage = pdfText(pdf.rawPayload, 'layout').split('\f')[0]!;
    expect(firstPage).toMatch(/Skill\s+Points\s+Max\s+Share\s+Questions/);
    expect(firstPage).toMatch(/Status codes\s+-1\s+2\s+0%\s+1/);
    expect(firstPage).toMatch(/HTTP\s+-1\s+5\s+0%\s+2/);

    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Questions')!;
    const values = (row: number) => Array.from({ length: 14 }, (_, index) => sheet.getRow(row).getCell(index + 1).value ?? null);
    expect(values(1).slice(8)).toEqual([
      'Skill · HTTP · score',
      'Skill · HTTP · max',
      'Skill · Status codes · score',
      'Skill · Status codes · max',
      'Skill · Coding · score',
      'Skill · Coding · max',
    ]);
    expect(values(2)).toEqual([invitationId, 'skills@example.com', 'Ada Lovelace', -1, 0, 5, 'JavaScript', '2/2', -1, 5, -1, 2, 5, 5]);

    // Another org's id answers 404, as for any report.
    const other = await h.createOrg('Elsewhere');
    expect((await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details`, apiKey: other.apiKey })).statusCode).toBe(404);
  });

  it('documents `skills` in the API document: ReportDetails.skills, an array of SkillScore', async () => {
    const document = JSON.parse((await h.request({ method: 'GET', url: '/openapi.json', apiKey: null })).body) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    const { schemas } = document.components;
    expect(schemas.ReportDetails?.properties?.skills).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/SkillScore' },
      description: expect.any(String),
    });
    expect(Object.keys(schemas.SkillScore?.properties ?? {})).toEqual(['skill', 'points', 'maxPoints', 'percentage', 'questions', 'awaitingReview']);
  });

  it('a test whose questions name no skill: /details lists its sections as skills, the workbook adds no column', async () => {
    const testId = await h.importTest({ ...sampleDefinition, testName: 'Untagged' });
    const { token, invitationId } = await registerFor(h, testId, 'plain@example.com');
    const api = candidate(h, token);
    await api.client.start();
    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.skills).toEqual([
      { skill: 'Fundamentals', points: 0, maxPoints: 5, percentage: 0, questions: 2, awaitingReview: 0 },
      { skill: 'Coding', points: 0, maxPoints: 5, percentage: 0, questions: 1, awaitingReview: 0 },
    ]);
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Questions')!.getRow(1).cellCount).toBe(8);
  });
});
