import { applyMoves } from './helpers/candidate.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const REPORT_FIELDS = [
  'emailId',
  'fullName',
  'timeTaken',
  'testName',
  'duration',
  'questions',
  'attemptedOn',
  'totalScore',
  'score',
  'wv',
  'tv',
  'testStatus',
  'reportStatus',
];
/** Assay's additions (decision 650): where the score stands, beside the spec's fields, whose meanings stay. */
const SCORE_STATUS_FIELDS = ['scoreStatus', 'scoreSoFar', 'awaitingReview'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ATTEMPTED = Date.UTC(2026, 11, 1, 10, 0, 0);

describe.each(backends)('reports (4.11-4.14) on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let candidates = 0;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await createTest('Backend screening');
  });
  afterAll(() => h.close());

  const createTest = (testName: string) => h.importTest({ ...sampleDefinition, testName });

  const register = async (test = testId, fullName = `Candidate ${(candidates += 1)}`) => {
    const emailId = `${fullName.toLowerCase().replaceAll(' ', '.')}@example.com`;
    return { id: (await h.client.invitations.register(test, { emailId, fullName })).testInvitationId, emailId, fullName };
  };

  /** Starts and submits through the domain machine, then stores a score as the (future) scorer would. */
  const complete = async (id: number, score = 7.5, sectionScores: number[] = []) => {
    await applyMoves(h, h.org.orgId, id, 'start', 'submit');
    await h.store.db
      .updateTable('invitations')
      .set({ score, time_taken: 42, window_violations: 2, time_violation_seconds: 30, report_status: 'Generated', started_at: ATTEMPTED })
      .where('id', '=', id)
      .execute();
    const invitation = await h.store.invitations.find(h.org.orgId, id);
    const sections = await h.store.tests.sections(invitation!.testId);
    for (const [index, sectionScore] of sectionScores.entries()) {
      await h.store.db.insertInto('section_results').values({ invitation_id: id, section_id: sections[index]!.id, score: sectionScore }).execute();
    }
  };

  const get = (url: string) => h.request({ method: 'GET', url });

  describe('candidate report (4.11)', () => {
    it('answers a fresh invitation with exactly the fields of 2.5 and the score status, scores as strings', async () => {
      const { id, emailId, fullName } = await register();
      const response = await get(`/v2/org/report/${id}`);
      expect(response.statusCode).toBe(200);
      const body = envelope<Record<string, unknown>>(response);
      expect(body.statuscode).toBe('200.1');
      expect(Object.keys(body.result).sort()).toEqual([...REPORT_FIELDS, ...SCORE_STATUS_FIELDS].sort());
      expect(body.result).toEqual({
        emailId,
        fullName,
        timeTaken: 0,
        testName: 'Backend screening',
        duration: 60,
        questions: 3,
        attemptedOn: null,
        totalScore: '10',
        score: '0',
        wv: 0,
        tv: 0,
        testStatus: 'Pending',
        reportStatus: 'Pending',
        scoreStatus: 'unscored',
        scoreSoFar: null,
        awaitingReview: 0,
      });
    });

    it('reports a completed, scored attempt', async () => {
      const { id, emailId, fullName } = await register();
      await complete(id);
      const body = envelope<Record<string, unknown>>(await get(`/v2/org/report/${id}`));
      expect(body.result).toEqual({
        emailId,
        fullName,
        timeTaken: 42,
        testName: 'Backend screening',
        duration: 60,
        questions: 3,
        attemptedOn: '2026-12-01T10:00:00',
        totalScore: '10',
        score: '7.5',
        wv: 2,
        tv: 30,
        testStatus: 'Completed',
        reportStatus: 'Generated',
        scoreStatus: 'final',
        scoreSoFar: '7.5',
        awaitingReview: 0,
      });
    });

    it('shows a negative score as a negative string', async () => {
      const { id } = await register();
      await complete(id, -2);
      const body = envelope<{ score: unknown }>(await get(`/v2/org/report/${id}`));
      expect(body.result.score).toBe('-2');
    });

    it('answers 404.4 for an unknown invitation and 400.3 for a malformed id', async () => {
      const missing = await get('/v2/org/report/99999999');
      expect(missing.statusCode).toBe(404);
      expect(envelope(missing)).toMatchObject({ statuscode: '404.4', description: 'Test invitation not found' });
      expect(typeof envelope(missing).result).toBe('string');
      const malformed = await get('/v2/org/report/abc');
      expect(malformed.statusCode).toBe(400);
      expect(envelope(malformed).statuscode).toBe('400.3');
    });
  });

  describe('section report (4.12)', () => {
    it('answers a JSON array with one numeric entry per section, 0 until scored', async () => {
      const { id } = await register();
      const body = envelope<unknown>(await get(`/v2/org/report/${id}/sections`));
      expect(body.statuscode).toBe('200.1');
      expect(Array.isArray(body.result)).toBe(true);
      expect(body.result).toEqual([
        { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 0 },
        { sectionName: 'Coding', sectionScore: 5, candidateScore: 0 },
      ]);
    });

    it('answers the stored section scores, in section order', async () => {
      const { id } = await register();
      await complete(id, 7.5, [4.5, 3]);
      const body = envelope<unknown>(await get(`/v2/org/report/${id}/sections`));
      expect(body.result).toEqual([
        { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 4.5 },
        { sectionName: 'Coding', sectionScore: 5, candidateScore: 3 },
      ]);
      const partial = await register();
      await complete(partial.id, -1, [-1]);
      expect(envelope(await get(`/v2/org/report/${partial.id}/sections`)).result).toEqual([
        { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: -1 },
        { sectionName: 'Coding', sectionScore: 5, candidateScore: 0 },
      ]);
    });

    it('answers 404.4 for an unknown invitation', async () => {
      const missing = await get('/v2/org/report/99999999/sections');
      expect(missing.statusCode).toBe(404);
      expect(envelope(missing).statuscode).toBe('404.4');
    });
  });

  describe('PDF export (4.13)', () => {
    it('sends a PDF attachment named after the invitation', async () => {
      const { id } = await register();
      await complete(id, 7.5, [4.5, 3]);
      const response = await get(`/v2/org/report/${id}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toContain('attachment');
      expect(disposition).toContain(`filename="assay-report-${id}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(response.rawPayload.subarray(-16).toString('latin1')).toContain('%%EOF');
    });

    it('renders the report of a fresh, unattempted invitation too', async () => {
      const { id } = await register();
      const response = await get(`/v2/org/report/${id}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('answers an unknown invitation with the JSON envelope 404.4', async () => {
      const response = await get('/v2/org/report/99999999/pdf');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(envelope(response)).toMatchObject({ statuscode: '404.4', description: 'Test invitation not found' });
      expect(typeof envelope(response).result).toBe('string');
    });
  });

  describe('Excel export (4.14)', () => {
    const load = async (rawPayload: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(rawPayload as unknown as ArrayBuffer);
      return workbook;
    };

    /** Rows of a sheet as objects keyed by the header row. */
    const rowsOf = (sheet: ExcelJS.Worksheet) => {
      const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
      const headers = values(sheet.getRow(1)).map(String);
      const rows: Record<string, unknown>[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) rows.push(Object.fromEntries(headers.map((header, index) => [header, values(row)[index] ?? null])));
      });
      return rows;
    };

    it('sends a workbook with the test, its sections and one row per invitation of that test only', async () => {
      const exported = await createTest('Excel export');
      const scored = await register(exported, 'Grace Hopper');
      const pending = [await register(exported, 'Alan Turing'), await register(exported, 'Edsger Dijkstra')];
      await complete(scored.id, 7.5, [4.5, 3]);
      const elsewhere = await register(testId, 'Barbara Liskov');

      const response = await get(`/v2/org/report/${exported}/excel`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toContain('attachment');
      expect(disposition).toContain(`filename="assay-test-${exported}-report.xlsx"`);

      const workbook = await load(response.rawPayload);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Test', 'Sections', 'Candidates', 'Questions', 'Time per question', 'Item analysis']);

      const testSheet = Object.fromEntries(rowsOf(workbook.getWorksheet('Test')!).map((row) => [row.field, row.value]));
      expect(testSheet).toMatchObject({ testId: exported, testName: 'Excel export', duration: 60, questions: 3 });
      expect(rowsOf(workbook.getWorksheet('Sections')!).map((row) => row.sectionName)).toEqual(['Fundamentals', 'Coding']);

      const rows = rowsOf(workbook.getWorksheet('Candidates')!);
      expect(rows).toHaveLength(3);
      // The Questions sheet has the same rows, in the same order.
      expect(rowsOf(workbook.getWorksheet('Questions')!).map((row) => row.testInvitationId)).toEqual(rows.map((row) => row.testInvitationId));
      expect(rows.map((row) => row.emailId)).not.toContain(elsewhere.emailId);
      const byEmail = new Map(rows.map((row) => [row.emailId, row]));
      expect(byEmail.get(scored.emailId)).toMatchObject({
        testInvitationId: scored.id,
        fullName: 'Grace Hopper',
        score: 7.5,
        totalScore: 10,
        testStatus: 'Completed',
        'Fundamentals score': 4.5,
        'Fundamentals max': 5,
        'Coding score': 3,
        'Coding max': 5,
      });
      expect(byEmail.get(scored.emailId)?.attemptedOn).toEqual(new Date(ATTEMPTED));
      for (const candidate of pending) {
        expect(byEmail.get(candidate.emailId)).toMatchObject({
          testInvitationId: candidate.id,
          fullName: candidate.fullName,
          score: null,
          testStatus: 'Pending',
        });
      }
    });

    it('sends only the header row for a test without invitations', async () => {
      const empty = await createTest('Nobody yet');
      const response = await get(`/v2/org/report/${empty}/excel`);
      expect(response.statusCode).toBe(200);
      const workbook = await load(response.rawPayload);
      expect(rowsOf(workbook.getWorksheet('Candidates')!)).toEqual([]);
    });

    it('answers an unknown test with the JSON envelope 404.2', async () => {
      const response = await get('/v2/org/report/99999999/excel');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(envelope(response)).toMatchObject({ statuscode: '404.2', description: 'Test not found' });
      expect(typeof envelope(response).result).toBe('string');
    });
  });
});
