import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLinkBody } from '@assay/client';
import type { TestLink } from '@assay/domain';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

/** Each case: a body (or raw payload) that create and update both refuse, with the specific statuscode. */
interface BadCase {
  name: string;
  code: string;
  body?: unknown;
  payload?: string;
}

const valid = {
  testLinkName: 'Valid',
  accessTime: 1,
  timeZoneId: 1720,
  startDateTime: '2026-12-01T10:00:00',
  endDateTime: '2026-12-05T10:00:00',
} satisfies TestLinkBody;
const without = (key: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));

const badCases: BadCase[] = [
  { name: 'missing testLinkName', code: '400.2', body: without('testLinkName') },
  { name: 'empty testLinkName', code: '400.2', body: { ...valid, testLinkName: '' } },
  { name: 'missing accessTime', code: '400.2', body: without('accessTime') },
  { name: 'accessTime as the string "1"', code: '400.2', body: { ...valid, accessTime: '1' } },
  { name: 'timeZoneId "abc"', code: '400.2', body: { ...valid, timeZoneId: 'abc' } },
  { name: 'testLinkName 5', code: '400.2', body: { ...valid, testLinkName: 5 } },
  { name: 'accessTime 3', code: '400.2', body: { ...valid, accessTime: 3 } },
  { name: 'accessTime -1', code: '400.2', body: { ...valid, accessTime: -1 } },
  { name: 'testLinkStatus 2', code: '400.2', body: { ...valid, testLinkStatus: 2 } },
  { name: 'inviteCandidateOnly 2', code: '400.2', body: { ...valid, inviteCandidateOnly: 2 } },
  { name: 'imageProctoring "1"', code: '400.2', body: { ...valid, imageProctoring: '1' } },
  { name: 'invalid emailToStakeholder', code: '400.2', body: { ...valid, emailToStakeholder: 'not-an-email' } },
  { name: 'startDateTime as a number', code: '400.2', body: { ...valid, startDateTime: 20261201 } },
  { name: 'a JSON array body', code: '400.2', body: [valid] },
  { name: 'a JSON string body', code: '400.2', body: 'testLinkName' },
  { name: 'no body at all', code: '400.2' },
  { name: 'start with a space instead of T', code: '400.5', body: { ...valid, startDateTime: '2026-12-01 10:00:00' } },
  { name: 'start with a Z suffix', code: '400.5', body: { ...valid, startDateTime: '2026-12-01T10:00:00Z' } },
  { name: 'start on 30 February', code: '400.5', body: { ...valid, startDateTime: '2026-02-30T10:00:00' } },
  { name: 'start as 01/12/2026', code: '400.5', body: { ...valid, startDateTime: '01/12/2026' } },
  { name: 'end with a Z suffix', code: '400.5', body: { ...valid, endDateTime: '2026-12-05T10:00:00Z' } },
  { name: 'end as 05/12/2026', code: '400.5', body: { ...valid, endDateTime: '05/12/2026' } },
  { name: 'slot-wise end with a space', code: '400.5', body: { ...valid, accessTime: 2, endDateTime: '2026-12-05 10:00:00' } },
  { name: 'end before start', code: '400.7', body: { ...valid, startDateTime: '2026-12-05T10:00:00', endDateTime: '2026-12-01T10:00:00' } },
  { name: 'end equal to start', code: '400.7', body: { ...valid, endDateTime: valid.startDateTime } },
  {
    name: 'slot-wise end before start',
    code: '400.7',
    body: { ...valid, accessTime: 2, startDateTime: '2026-12-05T09:00:00', endDateTime: '2026-12-01T17:00:00' },
  },
  { name: 'slot-wise end equal to start', code: '400.7', body: { ...valid, accessTime: 2, endDateTime: valid.startDateTime } },
  ...[1, 2].flatMap((accessTime): BadCase[] => [
    { name: `accessTime ${accessTime} without dates`, code: '400.6', body: { testLinkName: 'x', accessTime, timeZoneId: 1720 } },
    { name: `accessTime ${accessTime} without endDateTime`, code: '400.6', body: { ...without('endDateTime'), accessTime } },
    { name: `accessTime ${accessTime} without startDateTime`, code: '400.6', body: { ...without('startDateTime'), accessTime } },
    { name: `accessTime ${accessTime} with null dates`, code: '400.6', body: { ...valid, accessTime, startDateTime: null, endDateTime: null } },
    { name: `accessTime ${accessTime} with empty dates`, code: '400.6', body: { ...valid, accessTime, startDateTime: '', endDateTime: '' } },
    { name: `accessTime ${accessTime} with a null end`, code: '400.6', body: { ...valid, accessTime, endDateTime: null } },
  ]),
  { name: 'unknown timeZoneId 42', code: '400.9', body: { ...valid, timeZoneId: 42 } },
  { name: 'unknown timeZoneId 42 with accessTime 0', code: '400.9', body: { testLinkName: 'x', accessTime: 0, timeZoneId: 42 } },
];

describe.each(backends)('test link validation (4.3, 4.4) on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let emptyTestId: number;
  let link: TestLink;

  const send = (url: string, bad: BadCase) =>
    h.request({
      method: 'POST',
      url,
      ...(bad.payload !== undefined ? { payload: bad.payload } : {}),
      ...(bad.body !== undefined ? { body: bad.body } : {}),
    });
  const listCount = async (onTest: number) => (await h.client.testLinks.list(onTest)).length;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(sampleDefinition);
    emptyTestId = await h.importTest(sampleDefinition);
    link = await h.client.testLinks.create(testId, {
      ...valid,
      testLinkName: 'Original',
      inviteCandidateOnly: 1,
      emailToStakeholder: 'orig@example.org',
      testLinkStatus: 3,
    });
  });
  afterAll(() => h.close());

  it('the valid body is accepted (so each case below fails for its own reason)', async () => {
    const response = await h.request({ method: 'POST', url: `/v2/org/tests/${emptyTestId}/testlinks`, body: valid });
    expect(response.statusCode).toBe(200);
    expect(await listCount(emptyTestId)).toBe(1);
    const id = envelope<{ testLinkId: number }>(response).result.testLinkId;
    const update = await h.request({ method: 'POST', url: `/v2/org/tests/${emptyTestId}/testlinks/${id}`, body: valid });
    expect(update.statusCode).toBe(200);
  });

  it.each(badCases)('create refuses $name with $code and stores nothing', async (bad) => {
    const before = await listCount(testId);
    expectFailure(await send(`/v2/org/tests/${testId}/testlinks`, bad), bad.code);
    expect(await listCount(testId)).toBe(before);
  });

  it.each(badCases)('update refuses $name with $code and leaves the link unchanged', async (bad) => {
    const url = `/v2/org/tests/${testId}/testlinks/${link.testLinkId}`;
    expectFailure(await send(url, bad), bad.code);
    expect(await h.client.testLinks.get(testId, link.testLinkId)).toEqual(link);
  });

  it('create answers 400.3 for a non-numeric testId and 404.2 for an unknown test, storing nothing', async () => {
    const before = await listCount(testId);
    for (const url of ['/v2/org/tests/abc/testlinks', '/v2/org/tests/-1/testlinks', '/v2/org/tests/1.5/testlinks']) {
      expectFailure(await h.request({ method: 'POST', url, body: valid }), '400.3');
    }
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests/999999/testlinks', body: valid }), '404.2');
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests/99999999999999999999/testlinks', body: valid }), '400.3');
    expect(await listCount(testId)).toBe(before);
  });

  it('update answers 400.3 for a non-numeric testId or testLinkId', async () => {
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/abc/testlinks/${link.testLinkId}`, body: valid }), '400.3');
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/abc`, body: valid }), '400.3');
    expect(await h.client.testLinks.get(testId, link.testLinkId)).toEqual(link);
  });
});
