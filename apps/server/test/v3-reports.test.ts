import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails, SectionReportEntry, TestLink } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { isPdf } from './helpers/pdf-text.js';
import { PUBLIC_URL, backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const banded = {
  ...sampleDefinition,
  testName: 'Banded screening',
  report: {
    verdictBands: [
      { label: 'Strong', minPercent: 80 },
      { label: 'Consider', minPercent: 40 },
    ],
  },
};
const REPORT_FIELDS = [
  'testInvitationId',
  'testId',
  'candidateEmail',
  'attemptedOn',
  'status',
  'score',
  'scorePercentage',
  'candidatePoints',
  'totalTestPoints',
  'testName',
  'pdfReportUrl',
  'PerformanceCategory',
];

/** A v3 failure: the HTTP status in the body, the message twice, Assay's statuscode beside. */
const expectV3Failure = (response: LightMyRequestResponse, status: number, statuscode: string) => {
  const body = response.json<{ statusCode: number; message: string; errors: string[]; statuscode: string }>();
  expect([response.statusCode, body.statusCode, body.statuscode], response.body).toEqual([status, status, statuscode]);
  expect(body.errors).toEqual([body.message]);
  return body;
};

describe.each(backends)('iMocha v3 reports and reconciliation on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;
  let completedId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(banded);
    // One attempt taken through the candidate API as v2 invites (4.7), scored by the worker.
    const { token, invitationId } = await registerFor(h, testId, 'taken@example.com');
    const api = candidate(h, token);
    // The choice questions right (5 of 10 points), the coding one left: scoring runs no code, so the suite stays light.
    const [singleId, multipleId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(singleId!, { optionIds: [1] }));
    expectSuccess(await api.answer(multipleId!, { optionIds: [0, 1] }));
    clock.advance(10 * 60_000);
    expectSuccess(await api.submit());
    await h.drainJobs();
    completedId = invitationId;
    // A store's migrations on a PostgreSQL shared by busy neighbours can outlast the default minute.
  }, 240_000);
  afterAll(() => h.close());

  const get = (url: string, apiKey?: string) => h.request({ method: 'GET', url, ...(apiKey ? { apiKey } : {}) });
  const report = async (id: number, query = '') => {
    const response = await get(`/v3/reports/${id}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Record<string, unknown> & { sections?: Record<string, unknown>[]; skills?: unknown[] }>();
  };

  describe('GET /v3/reports/{testInvitationId}', () => {
    it("reports a v2-made invitation section-wise by default, with v2's numbers, and both ways for reportType 3", async () => {
      const v2 = expectSuccess<{ score: string; totalScore: string }>(await get(`/v2/org/report/${completedId}`));
      const v2Sections = expectSuccess<SectionReportEntry[]>(await get(`/v2/org/report/${completedId}/sections`));
      const details = expectSuccess<ReportDetails>(await get(`/v2/org/report/${completedId}/details`));
      const sectionIds = (await h.store.tests.sections(testId)).map((section) => section.id);
      const sectionWise = await report(completedId);
      // Taken through the candidate API, the attempt has an AI record (policy none): Assay's `assayAi` (decision 1262).
      expect(Object.keys(sectionWise).sort()).toEqual([...REPORT_FIELDS, 'sections', 'assayAi'].sort());
      expect(sectionWise.assayAi).toMatchObject({ policy: 'none', messages: 0, insertions: 0, followUps: 0 });
      expect(sectionWise).toMatchObject({
        testInvitationId: completedId,
        testId,
        candidateEmail: 'taken@example.com',
        attemptedOn: new Date(START).toISOString(),
        status: 'Complete',
        score: Number(v2.score),
        candidatePoints: Number(v2.score),
        totalTestPoints: Number(v2.totalScore),
        scorePercentage: details.score.percent,
        testName: 'Banded screening',
        PerformanceCategory: 'Consider',
      });
      expect([Number(v2.score), details.verdict?.label]).toEqual([5, 'Consider']);
      expect(sectionWise.sections).toEqual(
        v2Sections.map((section, index) => ({
          sectionId: sectionIds[index],
          sectionName: section.sectionName,
          candidateScore: Number(section.candidateScore),
          sectionScore: Number(section.sectionScore),
          noOfQue: index === 0 ? 2 : 1,
          // Minutes, as iMocha documents sectionTime (decision 1027); the time taken stays seconds.
          sectionTime: index === 0 ? 20 : 40,
          sectionTimeTaken: details.sections[index]!.timeSpentSeconds,
        })),
      );
      expect(await report(completedId, '?reportType=1')).toEqual(sectionWise);
      // No question names a skill: each counts under its section (decision 924), with /details' numbers.
      const skills = (details.skills ?? []).map((skill) => ({
        skillName: skill.skill,
        candidateScore: skill.points,
        skillScore: skill.maxPoints,
        scorePercentage: skill.percentage,
        noOfQue: skill.questions,
      }));
      expect(skills.map((skill) => skill.skillName)).toEqual(v2Sections.map((section) => section.sectionName));
      const { pdfReportUrl: _url, ...rest } = sectionWise;
      expect(await report(completedId, '?reportType=3')).toMatchObject({ ...rest, skills });
      const skillWise = await report(completedId, '?reportType=2');
      expect(skillWise.sections).toBeUndefined();
      expect(skillWise.skills).toEqual(skills);
    });

    it('links the PDF by a signed URL that needs no key, and serves it at /v3/reports/{id}/pdf with the key', async () => {
      const { pdfReportUrl } = await report(completedId);
      expect(pdfReportUrl).toMatch(new RegExp(`^${PUBLIC_URL}/v2/reports/${completedId}/pdf\\?expires=\\d+&signature=`));
      const signed = await h.request({ method: 'GET', url: String(pdfReportUrl).slice(PUBLIC_URL.length), apiKey: null });
      expect([signed.statusCode, signed.headers['content-type']]).toEqual([200, 'application/pdf']);
      const pdf = await get(`/v3/reports/${completedId}/pdf`);
      expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(pdf.headers['content-disposition']).toContain(`filename="assay-report-${completedId}.pdf"`);
      expect(isPdf(pdf.rawPayload)).toBe(true);
    });

    it('answers a pending invitation with its status, 0 points, no category and no PDF link; Expired once its window closed', async () => {
      const { invitationId } = await registerFor(h, testId, 'waiting@example.com');
      expect(await report(invitationId)).toMatchObject({
        status: 'Pending',
        attemptedOn: null,
        score: 0,
        candidatePoints: 0,
        totalTestPoints: 10,
        scorePercentage: 0,
        pdfReportUrl: null,
        PerformanceCategory: null,
      });
      await h.store.db.updateTable('invitations').set({ expires_at: clock.now() }).where('id', '=', invitationId).execute();
      expect((await report(invitationId)).status).toBe('Expired');
    });

    it('refuses a reportType other than 1, 2 or 3 in v3’s shape', async () => {
      for (const reportType of ['4', 'x', '0']) {
        expectV3Failure(await get(`/v3/reports/${completedId}?reportType=${reportType}`), 400, '400.4');
      }
    });

    it("answers another organization's invitation exactly like a missing one, for the report and its PDF", async () => {
      const other = await h.createOrg('Other org');
      for (const path of ['', '/pdf']) {
        const theirs = expectV3Failure(await get(`/v3/reports/${completedId}${path}`, other.apiKey), 404, '404.4');
        const missing = expectV3Failure(await get(`/v3/reports/99999999${path}`, other.apiKey), 404, '404.4');
        expect(theirs.message.replace(String(completedId), 'N')).toBe(missing.message.replace('99999999', 'N'));
      }
    });
  });

  describe('POST /v3/candidates/testattempts', () => {
    const WINDOW_START = Date.UTC(2026, 10, 1);
    const window = { StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-11-15T00:00:00Z' };
    const inside = WINDOW_START + 3 * DAY;
    const outside = WINDOW_START + 20 * DAY;
    const attempts = (state: string, body: unknown = window, apiKey?: string) =>
      h.request({ method: 'POST', url: `/v3/candidates/testattempts?state=${state}`, body, ...(apiKey ? { apiKey } : {}) });
    const listed = async (state: string) => {
      const response = await attempts(state);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ result: { testAttempts: { testInvitationId: number }[] }; errors: null }>();
      expect(body.errors).toBeNull();
      return body.result.testAttempts;
    };
    const invite = async (email: string, orgKey?: string) => {
      const client = orgKey ? h.clientFor(orgKey) : h.client;
      const test = orgKey ? await h.importTest(banded, orgKey) : testId;
      return (await client.invitations.register(test, { emailId: email, fullName: 'Grace Hopper' })).testInvitationId;
    };
    const set = (id: number, columns: Record<string, unknown>) => h.store.db.updateTable('invitations').set(columns).where('id', '=', id).execute();

    it('lists completed attempts of the window by when they ended, in the reconciliation’s words: Completed, Testleft, Terminated', async () => {
      const ids: number[] = [];
      for (const [email, reason, at] of [
        ['submitted@example.com', 'submitted', inside],
        ['time.up@example.com', 'time-up', inside + 1000],
        ['terminated@example.com', 'terminated', inside + 2000],
        ['later@example.com', 'submitted', outside],
      ] as const) {
        const id = await invite(email);
        await set(id, { status: 'Completed', started_at: at - 60_000, completed_at: at, end_reason: reason });
        ids.push(id);
      }
      expect(await listed('completed')).toEqual(
        ['Completed', 'Testleft', 'Terminated'].map((testStatus, index) => ({
          testInvitationId: ids[index],
          testId,
          name: 'Grace Hopper',
          email: ['submitted@example.com', 'time.up@example.com', 'terminated@example.com'][index],
          invitationtype: 'api',
          testStatus,
        })),
      );
    });

    it("lists cancelled attempts by when they were cancelled, a self-registration as app, never another org's", async () => {
      const link = expectSuccess<TestLink>(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Campus', accessTime: 0 } }),
      );
      const selfRegistered = await h.request({
        method: 'POST',
        url: `/candidate/v1/links/${link.testLinkAccessKey}/register`,
        apiKey: null,
        body: { fullName: 'Sam Self', emailId: 'self@example.com' },
      });
      expect(selfRegistered.statusCode, selfRegistered.body).toBe(200);
      const self = await h.store.db
        .selectFrom('invitations')
        .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
        .select('invitations.id')
        .where('candidates.email_key', '=', 'self@example.com')
        .executeTakeFirstOrThrow();
      const invited = await invite('cancelled@example.com');
      const late = await invite('cancelled.later@example.com');
      const other = await h.createOrg('Cancelling org');
      const theirs = await invite('theirs@example.com', other.apiKey);
      for (const [id, at] of [
        [invited, inside],
        [self.id, inside + 1000],
        [late, outside],
        [theirs, inside],
      ] as const) {
        await set(id, { status: 'Cancelled', cancelled_at: at });
      }
      expect(await listed('cancelled')).toMatchObject([
        { testInvitationId: invited, email: 'cancelled@example.com', invitationtype: 'api', testStatus: 'Cancelled' },
        { testInvitationId: self.id, name: 'Sam Self', email: 'self@example.com', invitationtype: 'app', testStatus: 'Cancelled' },
      ]);
    });

    it('lists never-started invitations whose window closed in it as expired, not those closing later', async () => {
      const closed = await invite('expired@example.com');
      const closing = await invite('expires.later@example.com');
      const started = await invite('started@example.com');
      await set(closed, { expires_at: inside });
      await set(closing, { expires_at: outside });
      await set(started, { status: 'In progress', started_at: inside - DAY, expires_at: inside });
      expect(await listed('expired')).toEqual([
        { testInvitationId: closed, testId, name: 'Grace Hopper', email: 'expired@example.com', invitationtype: 'api', testStatus: 'Expired' },
      ]);
    });

    it('refuses a window that ends before it starts, one over 31 days, an unknown state and a malformed date, in v3’s shape', async () => {
      expectV3Failure(await attempts('completed', { StartDateTime: window.EndDateTime, EndDateTime: window.StartDateTime }), 400, '400.63');
      expectV3Failure(await attempts('completed', { StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-12-02T00:00:01Z' }), 400, '400.64');
      expectV3Failure(await attempts('finished'), 400, '400.4');
      expectV3Failure(await attempts('completed', { StartDateTime: 'yesterday', EndDateTime: window.EndDateTime }), 400, '400.2');
      // A date-time without a zone is UTC: the same window, the same answer.
      const local = await attempts('completed', { StartDateTime: '2026-11-01T00:00:00', EndDateTime: '2026-11-15T00:00:00' });
      expect(local.json()).toEqual((await attempts('completed')).json());
    });
  });
});
