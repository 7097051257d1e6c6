import { CandidateReport, ReportDetails, TestDetails, TestLink } from '@assay/domain';
import { describe, expect, it } from 'vitest';
import { normalise } from '../src/core/lenient.js';
import { parseCompletionCallback } from '../src/index.js';
import { documentedCallback } from './helpers/payloads.js';
import { ok, useScriptedServer } from './helpers/scripted-server.js';

/** The variants other v2 servers send, each read into the one typed shape (see lenient.ts). */
const read = <T>(schema: { parse(value: unknown): T }, value: unknown): T => schema.parse(normalise(value, schema as never));

const link = {
  testLinkId: 1,
  testId: 2,
  testLinkName: 'L',
  testLinkAccessKey: 'x',
  accessTime: 1,
  startDateTime: '2026-04-01T09:00:00',
  endDateTime: '2026-04-30T18:00:00',
  timeZoneId: 1720,
  inviteCandidateOnly: 0,
  imageProctoring: 0,
  emailToStakeholder: null,
  testLinkStatus: 1,
};
const report = {
  emailId: 'a@example.com',
  fullName: 'A',
  timeTaken: 12,
  testName: 'T',
  duration: 60,
  questions: 3,
  attemptedOn: '2026-03-01T10:00:00',
  totalScore: '10',
  score: '7',
  wv: 1,
  tv: 30,
  testStatus: 'Completed',
  reportStatus: 'Generated',
};
const callback = documentedCallback;

describe('tolerant decoding: the variants, one by one', () => {
  it('reads true/false as the 0/1 flags', () => {
    expect(read(TestLink, { ...link, inviteCandidateOnly: true, imageProctoring: false })).toMatchObject({ inviteCandidateOnly: 1, imageProctoring: 0 });
    expect(read(TestLink, { ...link, inviteCandidateOnly: 'true', imageProctoring: '0' })).toMatchObject({ inviteCandidateOnly: 1, imageProctoring: 0 });
  });

  it.each([
    ['with Z', '2026-03-01T10:00:00Z'],
    ['with milliseconds and Z', '2026-03-01T10:00:00.000Z'],
    ['with milliseconds', '2026-03-01T10:00:00.250'],
    ['with a space for the T', '2026-03-01 10:00:00'],
    ['with an offset', '2026-03-01T15:30:00+05:30'],
    ['with a compact offset', '2026-03-01T05:00:00-0500'],
    ['already documented', '2026-03-01T10:00:00'],
  ])('normalises a report attemptedOn %s to YYYY-MM-DDTHH:MM:SS in UTC', (_name, attemptedOn) => {
    expect(read(CandidateReport, { ...report, attemptedOn }).attemptedOn).toBe('2026-03-01T10:00:00');
  });

  it('normalises the link dates the same way, and leaves what is not a date-time for the schema to judge', () => {
    expect(read(TestLink, { ...link, startDateTime: '2026-04-01T09:00:00.000Z', endDateTime: '2026-04-30 18:00:00' })).toMatchObject({
      startDateTime: '2026-04-01T09:00:00',
      endDateTime: '2026-04-30T18:00:00',
    });
    expect(normalise({ ...report, attemptedOn: 'yesterday' }, CandidateReport)).toMatchObject({ attemptedOn: 'yesterday' });
  });

  it('accepts a callback whose AttemptedOn has a Z (or milliseconds), as the documented form', () => {
    expect(parseCompletionCallback({ ...callback, AttemptedOn: '2026-03-01T10:00:00Z' }).AttemptedOn).toBe('2026-03-01T10:00:00');
    expect(parseCompletionCallback({ ...callback, 'AttemptedOn ': '2026-03-01T10:00:00.123Z' }).AttemptedOn).toBe('2026-03-01T10:00:00');
  });

  it('reads a section type by its first word', () => {
    const test = { testId: 1, testName: 'T', accessKey: 'k', duration: 10, questions: 2, testStatus: 'Active' };
    const sections = [
      { sectionName: 'A', sectionType: 'Coding', questions: 1, duration: 5 },
      { sectionName: 'B', sectionType: 'general', questions: 1, duration: 5 },
    ];
    expect(read(TestDetails, { ...test, sections }).sections.map((section) => section.sectionType)).toEqual(['Coding Questions', 'General Questions']);
  });
});

describe('tolerant decoding over HTTP: the envelope, the section wrapper, the test count, the report details', () => {
  const scripted = useScriptedServer();
  const { client } = scripted;
  const tests = Array.from({ length: 5 }, (_, index) => ({
    testId: index + 1,
    testName: `T${index + 1}`,
    accessKey: 'k',
    duration: 10,
    questions: 2,
    testStatus: 'Active',
  }));

  it('reads a statuscode with trailing spaces', async () => {
    scripted.server().script(() => ({ status: 200, body: JSON.stringify({ statuscode: '200.1 ', description: 'Request succeeded', result: report }) }));
    expect((await client().reports.get(5)).fullName).toBe('A');
  });

  it('reads the section report wrapped as { Sections }, in any case', async () => {
    const sections = [{ sectionName: 'S', sectionScore: 5, candidateScore: '2' }];
    for (const key of ['Sections', 'SECTIONS', 'sections ']) {
      scripted.server().script(() => ok({ [key]: sections }));
      expect(await client().reports.sections(5)).toEqual([{ sectionName: 'S', sectionScore: 5, candidateScore: 2 }]);
    }
  });

  it('reads a test list without testsCount as a null count, and pages through it until an empty page', async () => {
    scripted.server().script((request) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const size = Number(query.get('page_size'));
      const page = Number(query.get('page_no') ?? 1);
      return ok({ tests: tests.slice((page - 1) * size, page * size) });
    });
    expect(await client().tests.list({ page_size: 2 })).toEqual({
      tests: read(TestDetails.omit({ sections: true }).array(), tests.slice(0, 2)),
      testsCount: null,
    });
    const seen: number[] = [];
    for await (const test of client().tests.all({ page_size: 2 })) seen.push(test.testId);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(scripted.server().requests.at(-1)?.url).toBe('/v2/org/tests?page_size=2&page_no=4');
  });

  it('reads the report details (GET /v2/org/report/{id}/details) into the domain’s ReportDetails', async () => {
    const sent = {
      testInvitationId: '5',
      candidate: { fullName: 'A', emailId: 'a@example.com' },
      test: { testId: 2, testName: 'T', duration: 60 },
      status: { testStatus: 'completed', reportStatus: 'Generated' },
      startedAt: '2026-03-01T10:00:00.000Z',
      completedAt: '2026-03-01T10:12:00.000Z',
      timeTakenMinutes: 12,
      score: { score: '7', maxScore: 10, percent: 70 },
      percentile: null,
      verdict: { label: 'Strong', minPercent: 60 },
      sections: [{ sectionName: 'S', sectionType: 'Coding', score: 7, maxScore: 10, timeSpentSeconds: 600, suggestedMinutes: 20 }],
      questions: [
        {
          number: 1,
          questionId: 9,
          sectionName: 'S',
          type: 'coding',
          text: 'Sum',
          marks: 10,
          negativeMarks: 0,
          awarded: 7,
          answered: 'true',
          coding: { language: 'javascript', code: 'x', hiddenTests: { passed: 7, total: 10, cases: [{ passed: true }] }, sampleRuns: 2 },
        },
      ],
      integrity: {
        wv: 1,
        tv: 30,
        departures: [{ leftAt: '2026-03-01T10:05:00.000Z', returnedAt: '2026-03-01T10:05:30.000Z', seconds: 30 }],
        snapshots: [],
        accommodation: null,
      },
      somethingNew: true,
    };
    scripted.server().script(() => ok(sent));
    const details = await client().reports.details(5);
    expect(scripted.server().requests[0]).toMatchObject({ method: 'GET', url: '/v2/org/report/5/details' });
    expect(scripted.server().requests[0]?.headers['x-api-key']).toBe('k');
    expect(ReportDetails.safeParse(details).success).toBe(true);
    expect(details).toMatchObject({
      testInvitationId: 5,
      status: { testStatus: 'Completed' },
      score: { score: 7 },
      sections: [{ sectionType: 'Coding Questions' }],
      questions: [{ answered: true }],
    });
    expect(details).not.toHaveProperty('somethingNew');
  });
});
