import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@assay/client';
import { timeZoneTable } from '@assay/domain';
import { sampleDefinition } from './helpers/fixtures.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { PUBLIC_URL, backends, startHarness, type Harness } from './helpers/test-app.js';

/** A failure the v3 way: the plain HTTP status, `{ statusCode, message, errors: [message], statuscode }`. */
const expectV3Failure = (response: LightMyRequestResponse, status: number, statuscode: string) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ statusCode: number; message: string; errors: string[]; statuscode: string }>();
  expect([response.statusCode, body.statusCode, body.statuscode], response.body).toEqual([status, status, statuscode]);
  expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'statusCode', 'statuscode']);
  expect(body.errors).toEqual([body.message]);
  expect(body.message).not.toBe('');
  return body;
};

const Z_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe.each(backends)("iMocha v3's tests, test links and time zones on %s", (backend) => {
  let h: Harness;
  let testIds: number[];
  const get = (url: string, apiKey?: string | null) => h.request({ method: 'GET', url, apiKey });

  beforeAll(async () => {
    h = await startHarness(backend);
    testIds = [];
    for (const testName of ['First', 'Second', 'Third']) testIds.push(await h.importTest({ ...sampleDefinition, testName }));
  });
  afterAll(() => h.close());

  it('lists the tests in pages of pageSize, counting them all, in v3 names and statuses', async () => {
    const first = await get('/v3/tests');
    expect(first.statusCode, first.body).toBe(200);
    const all = first.json();
    expect(all).toMatchObject({ totalCount: 3, pageNo: 1, pageSize: 20 });
    expect(all.tests.map((test: { testName: string }) => test.testName).sort()).toEqual(['First', 'Second', 'Third']);
    expect(all.tests[0]).toEqual({
      testId: expect.any(Number),
      testName: expect.any(String),
      testAliasName: null,
      duration: 60,
      questions: expect.any(Number),
      status: 'active',
    });
    const page = (await get('/v3/tests?pageNo=2&pageSize=2')).json();
    expect(page).toMatchObject({ totalCount: 3, pageNo: 2, pageSize: 2 });
    expect(page.tests).toHaveLength(1);
    const pages = [...(await get('/v3/tests?pageNo=1&pageSize=2')).json().tests, ...page.tests].map((test: { testId: number }) => test.testId);
    expect(pages.sort()).toEqual([...testIds].sort());
  });

  it('answers the alias of a test whose settings name one, in the list and alone', async () => {
    const [, second] = testIds as [number, number];
    const settings = (await h.store.testSettings.get(h.org.orgId, second))!;
    await h.store.testSettings.put(h.org.orgId, second, { ...settings, testSettings: { ...settings.testSettings, testAliasName: 'Screening, round 2' } });
    const listed = (await get('/v3/tests')).json().tests.find((test: { testId: number }) => test.testId === second);
    expect(listed).toMatchObject({ testName: 'Second', testAliasName: 'Screening, round 2' });
    expect((await get(`/v3/tests/${second}`)).json()).toMatchObject({ testName: 'Second', testAliasName: 'Screening, round 2' });
  });

  it('refuses paging out of bounds in v3’s body (400, statuscode 400.4)', async () => {
    expect(expectV3Failure(await get('/v3/tests?pageSize=101'), 400, '400.4').message).toMatch(/pageSize must be at most 100/);
    expectV3Failure(await get('/v3/tests?pageNo=0'), 400, '400.4');
  });

  it('reads a test with its sections; another organization’s test answers 404 exactly like a missing one', async () => {
    const [testId] = testIds as [number];
    const test = (await get(`/v3/tests/${testId}`)).json();
    expect(test).toMatchObject({ testId, testName: 'First', testAliasName: null, status: 'active' });
    expect(test.sections.map((section: { sectionName: string }) => section.sectionName)).toEqual(['Fundamentals', 'Coding']);
    const other = await h.createOrg('Other');
    const foreign = expectV3Failure(await get(`/v3/tests/${testId}`, other.apiKey), 404, '404.2');
    const missing = expectV3Failure(await get('/v3/tests/999999', other.apiKey), 404, '404.2');
    expect(foreign.message.replace(String(testId), 'N')).toBe(missing.message.replace('999999', 'N'));
    // A path id that is no id is refused like v2 refuses it, in v3's body.
    expectV3Failure(await get('/v3/tests/abc'), 400, '400.3');
  });

  it('maps test links to row 9’s shape: schedule kinds, UTC dates with Z, invitation type, proctoring, stakeholders', async () => {
    const [testId] = testIds as [number];
    const create = async (body: Record<string, unknown>) =>
      expectSuccess<{ testLinkId: number; testLinkAccessKey: string }>(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body }));
    const bounded = await create({
      testLinkName: 'Campus drive',
      accessTime: 1,
      startDateTime: '2026-03-01T09:00:00',
      endDateTime: '2026-03-08T17:30:00',
      timeZoneId: 1720,
      inviteCandidateOnly: 1,
      imageProctoring: 1,
      emailToStakeholder: 'lead@example.com',
    });
    const open = await create({ testLinkName: 'Open', accessTime: 0, emailToStakeholder: null });
    const slots = await create({ testLinkName: 'Mornings', accessTime: 2, startDateTime: '2026-03-01T09:00:00', endDateTime: '2026-03-31T11:00:00' });

    const one = await get(`/v3/tests/${testId}/testlinks/${bounded.testLinkId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({
      testLinkId: bounded.testLinkId,
      testId,
      testLinkName: 'Campus drive',
      testLink: `${PUBLIC_URL}/l/${bounded.testLinkAccessKey}`,
      testLinkStatus: 'active',
      invitationType: 'email',
      isApiLink: true,
      proctoringSettings: { proctoringMode: 'image' },
      stakeholderEmails: ['lead@example.com'],
      invitationSchedule: {
        scheduleType: 'timebound',
        scheduleDetails: { startDateTime: '2026-03-01T09:00:00Z', endDateTime: '2026-03-08T17:30:00Z', timeZoneId: 1720, invitationValidityInDays: null },
      },
    });
    expect(one.json().invitationSchedule.scheduleDetails.startDateTime).toMatch(Z_DATE);

    const list = (await get(`/v3/tests/${testId}/testlinks`)).json();
    const byId = new Map(list.testLinks.map((link: { testLinkId: number }) => [link.testLinkId, link]));
    expect(byId.get(open.testLinkId)).toMatchObject({
      invitationType: 'open',
      proctoringSettings: { proctoringMode: 'disabled' },
      stakeholderEmails: [],
      invitationSchedule: { scheduleType: 'validityindays', scheduleDetails: { startDateTime: null, endDateTime: null } },
    });
    expect(byId.get(slots.testLinkId)).toMatchObject({
      invitationSchedule: { scheduleType: 'slotwise', scheduleDetails: { startDateTime: '2026-03-01T09:00:00Z', endDateTime: '2026-03-31T11:00:00Z' } },
    });
    expect(byId.size).toBe(3);

    // A link read through the wrong test, another organization, or none at all: the same 404.
    const [, otherTest] = testIds as [number, number];
    expectV3Failure(await get(`/v3/tests/${otherTest}/testlinks/${bounded.testLinkId}`), 404, '404.3');
    const other = await h.createOrg('Other links');
    expectV3Failure(await get(`/v3/tests/${testId}/testlinks/${bounded.testLinkId}`, other.apiKey), 404, '404.3');
    expectV3Failure(await get(`/v3/tests/${testId}/testlinks`, other.apiKey), 404, '404.2');
  });

  it('serves the time zone table v2 serves', async () => {
    const zones = (await get('/v3/timezones')).json();
    expect(zones.timeZones).toEqual(timeZoneTable);
    expect(zones.timeZones).toEqual((await get('/v2/timezones', null)).json().result.timeZones);
  });

  it('asks x-api-key on every route, answering 401 in v3’s body; a reviewer key reads', async () => {
    expectV3Failure(await get('/v3/tests', null), 401, '401.1');
    expectV3Failure(await get('/v3/timezones', 'not-a-key'), 401, '401.2');
    const reviewer = expectSuccess<{ apiKey: string }>(
      await h.request({ method: 'POST', url: '/v2/org/people', body: { name: 'Ada Reviewer', role: 'reviewer' } }),
    );
    expect((await get('/v3/tests', reviewer.apiKey)).statusCode).toBe(200);
  });

  it('answers unknown paths and methods under /v3 in v3’s body, and under /v2 in the envelope as before', async () => {
    expectV3Failure(await get('/v3/nothing/here', null), 404, '404.1');
    const wrongMethod = await h.request({ method: 'DELETE', url: '/v3/tests' });
    expectV3Failure(wrongMethod, 405, '405.1');
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    // Before any route is chosen (a broken percent-encoding), the front is the one whose prefix was declared.
    expectV3Failure(await get('/v3/tests/%zz'), 400, '400.13');
    expectFailure(await get('/v2/org/nothing/here'), '404.1');
    expectFailure(await get('/v2/org/tests/%zz'), '400.13');
    const greenhouse = await get('/partners/greenhouse/%zz', null);
    expect([greenhouse.statusCode, greenhouse.json()]).toEqual([400, { status: 400, statuscode: '400.13', errors: [expect.any(String)] }]);
  });

  it('is in the client as client.v3: tests, links and time zones, failures as the same errors', async () => {
    const [testId] = testIds as [number];
    const client = h.clientFor(h.org.apiKey);
    expect((await client.v3.tests.list({ pageNo: 1, pageSize: 2 })).tests).toHaveLength(2);
    expect((await client.v3.tests.get(testId)).sections).toHaveLength(2);
    const links = await client.v3.links.list(testId);
    expect(links.length).toBeGreaterThan(0);
    expect((await client.v3.links.get(testId, links[0]!.testLinkId)).testLinkId).toBe(links[0]!.testLinkId);
    expect(await client.v3.timeZones()).toHaveLength(timeZoneTable.length);
    const refused = await client.v3.tests.get(999999).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NotFoundError);
    expect(refused).toMatchObject({ status: 404, statuscode: '404.2', message: 'No test 999999.' });
  });
});
