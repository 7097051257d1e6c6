import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

interface TestLink {
  testLinkId: number;
  testId: number;
  testLinkName: string;
  testLinkAccessKey: string;
  accessTime: number;
  startDateTime: string | null;
  endDateTime: string | null;
  timeZoneId: number;
  inviteCandidateOnly: number;
  imageProctoring: number;
  emailToStakeholder: string | null;
  testLinkStatus: number;
}

const LINK_FIELDS = [
  'testLinkId',
  'testId',
  'testLinkName',
  'testLinkAccessKey',
  'accessTime',
  'startDateTime',
  'endDateTime',
  'timeZoneId',
  'inviteCandidateOnly',
  'imageProctoring',
  'emailToStakeholder',
  'testLinkStatus',
].sort();

describe.each(backends)('test links (4.3–4.6) on %s', (backend) => {
  let h: Harness;
  let testId: number;

  const createTest = (apiKey?: string) => h.importTest(sampleDefinition, apiKey);
  const createLink = async (onTest: number, body: Record<string, unknown>, apiKey?: string) => {
    const response = await h.request({ method: 'POST', url: `/v2/org/tests/${onTest}/testlinks`, body, apiKey });
    expect(response.statusCode, response.body).toBe(200);
    const parsed = envelope<TestLink>(response);
    expect(parsed.statuscode).toBe('200.1');
    return parsed.result;
  };
  const updateLink = (onTest: number, linkId: number, body: unknown, apiKey?: string) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${onTest}/testlinks/${linkId}`, body, apiKey });
  const getLink = (onTest: number, linkId: number, apiKey?: string) => h.request({ method: 'GET', url: `/v2/org/tests/${onTest}/testlinks/${linkId}`, apiKey });
  const listLinks = (onTest: number, apiKey?: string) => h.request({ method: 'GET', url: `/v2/org/tests/${onTest}/testlinks`, apiKey });

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await createTest();
  });
  afterAll(() => h.close());

  describe('4.3 create', () => {
    it('accessTime 0 with only the required fields: defaults, null dates, the exact field set', async () => {
      const link = await createLink(testId, { testLinkName: 'Anytime', accessTime: 0 });
      expect(Object.keys(link).sort()).toEqual(LINK_FIELDS);
      expect(link).toEqual({
        testLinkId: expect.any(Number),
        testId,
        testLinkName: 'Anytime',
        testLinkAccessKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
        accessTime: 0,
        startDateTime: null,
        endDateTime: null,
        timeZoneId: 1720,
        inviteCandidateOnly: 0,
        imageProctoring: 0,
        emailToStakeholder: 'acme@example.com',
        testLinkStatus: 1,
      });
    });

    it('accessTime 0 drops dates that were sent, and empty-string dates, to null', async () => {
      const withDates = await createLink(testId, {
        testLinkName: 'Anytime with dates',
        accessTime: 0,
        startDateTime: '2026-12-01T10:00:00',
        endDateTime: '2026-12-05T10:00:00',
      });
      expect(withDates).toMatchObject({ accessTime: 0, startDateTime: null, endDateTime: null });
      const withEmpty = await createLink(testId, { testLinkName: 'Anytime empty', accessTime: 0, startDateTime: '', endDateTime: '' });
      expect(withEmpty).toMatchObject({ accessTime: 0, startDateTime: null, endDateTime: null });
      const withNull = await createLink(testId, { testLinkName: 'Anytime null', accessTime: 0, startDateTime: null, endDateTime: null });
      expect(withNull).toMatchObject({ accessTime: 0, startDateTime: null, endDateTime: null });
    });

    it('takes every field given, and generates a unique testLinkAccessKey per link', async () => {
      const link = await createLink(testId, {
        testLinkName: 'All fields',
        accessTime: 1,
        startDateTime: '2026-12-01T04:30:00',
        endDateTime: '2026-12-05T12:30:00',
        timeZoneId: 1000,
        inviteCandidateOnly: 1,
        imageProctoring: 1,
        emailToStakeholder: 'hr@example.org',
        testLinkStatus: 3,
      });
      expect(link).toMatchObject({
        testLinkName: 'All fields',
        accessTime: 1,
        startDateTime: '2026-12-01T04:30:00',
        endDateTime: '2026-12-05T12:30:00',
        timeZoneId: 1000,
        inviteCandidateOnly: 1,
        imageProctoring: 1,
        emailToStakeholder: 'hr@example.org',
        testLinkStatus: 3,
      });
      const keys = new Set<string>();
      const ids = new Set<number>();
      for (let i = 0; i < 5; i += 1) {
        const created = await createLink(testId, { testLinkName: `Key ${i}`, accessTime: 0 });
        keys.add(created.testLinkAccessKey);
        ids.add(created.testLinkId);
      }
      keys.add(link.testLinkAccessKey);
      expect(keys.size).toBe(6);
      expect(ids.size).toBe(5);
    });

    it('accessTime 1 and 2 echo valid dates in YYYY-MM-DDTHH:MM:SS; a daily window may wrap midnight', async () => {
      const bound = await createLink(testId, {
        testLinkName: 'Time bound',
        accessTime: 1,
        timeZoneId: 1720,
        startDateTime: '2026-12-01T10:00:00',
        endDateTime: '2026-12-01T10:00:01',
      });
      expect(bound).toMatchObject({ accessTime: 1, startDateTime: '2026-12-01T10:00:00', endDateTime: '2026-12-01T10:00:01' });
      const slots = await createLink(testId, {
        testLinkName: 'Slots',
        accessTime: 2,
        timeZoneId: 1720,
        startDateTime: '2026-12-01T09:00:00',
        endDateTime: '2026-12-10T17:30:00',
      });
      expect(slots).toMatchObject({ accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-10T17:30:00' });
      const night = await createLink(testId, {
        testLinkName: 'Night shift',
        accessTime: 2,
        timeZoneId: 1720,
        startDateTime: '2026-12-01T22:00:00',
        endDateTime: '2026-12-10T02:00:00',
      });
      expect(night).toMatchObject({ accessTime: 2, startDateTime: '2026-12-01T22:00:00', endDateTime: '2026-12-10T02:00:00' });
      const fetched = envelope<TestLink>(await getLink(testId, night.testLinkId)).result;
      expect(fetched).toEqual(night);
    });

    it('stores null emailToStakeholder when null is sent (nobody is emailed)', async () => {
      const link = await createLink(testId, { testLinkName: 'No stakeholder', accessTime: 0, emailToStakeholder: null });
      expect(link.emailToStakeholder).toBeNull();
    });
  });

  describe('4.4 update', () => {
    it('replaces the given fields and answers the link after the update', async () => {
      const link = await createLink(testId, { testLinkName: 'Before', accessTime: 0 });
      const body = {
        testLinkName: 'After',
        accessTime: 2,
        timeZoneId: 1000,
        startDateTime: '2027-01-01T08:00:00',
        endDateTime: '2027-01-31T16:00:00',
        inviteCandidateOnly: 1,
        imageProctoring: 1,
        emailToStakeholder: 'lead@example.org',
        testLinkStatus: 3,
      };
      const response = await updateLink(testId, link.testLinkId, body);
      expect(response.statusCode).toBe(200);
      const updated = envelope<TestLink>(response);
      expect(updated.statuscode).toBe('200.1');
      expect(updated.result).toEqual({ ...body, testLinkId: link.testLinkId, testId, testLinkAccessKey: link.testLinkAccessKey });
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result).toEqual(updated.result);
    });

    it('the sample case: accessTime 0 with empty-string dates answers null dates', async () => {
      const link = await createLink(testId, {
        testLinkName: 'Bound',
        accessTime: 1,
        startDateTime: '2026-12-01T10:00:00',
        endDateTime: '2026-12-02T10:00:00',
      });
      const response = await updateLink(testId, link.testLinkId, {
        testLinkName: 'Now anytime',
        accessTime: 0,
        timeZoneId: 1720,
        startDateTime: '',
        endDateTime: '',
      });
      expect(response.statusCode).toBe(200);
      expect(envelope<TestLink>(response).result).toMatchObject({ testLinkName: 'Now anytime', accessTime: 0, startDateTime: null, endDateTime: null });
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result).toMatchObject({ startDateTime: null, endDateTime: null });
    });

    it('omitted optional fields keep their stored values', async () => {
      const link = await createLink(testId, {
        testLinkName: 'Keep',
        accessTime: 0,
        timeZoneId: 2700,
        inviteCandidateOnly: 1,
        imageProctoring: 1,
        emailToStakeholder: 'keep@example.org',
        testLinkStatus: 3,
      });
      const response = await updateLink(testId, link.testLinkId, { testLinkName: 'Kept', accessTime: 0, timeZoneId: 2700 });
      expect(response.statusCode).toBe(200);
      expect(envelope<TestLink>(response).result).toEqual({ ...link, testLinkName: 'Kept' });
    });

    it('moves the status 1 -> 3 -> 1 through testLinkStatus', async () => {
      const link = await createLink(testId, { testLinkName: 'States', accessTime: 0 });
      expect(link.testLinkStatus).toBe(1);
      const base = { testLinkName: 'States', accessTime: 0, timeZoneId: 1720 };
      const inactive = envelope<TestLink>(await updateLink(testId, link.testLinkId, { ...base, testLinkStatus: 3 }));
      expect(inactive.result.testLinkStatus).toBe(3);
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result.testLinkStatus).toBe(3);
      const still = envelope<TestLink>(await updateLink(testId, link.testLinkId, base));
      expect(still.result.testLinkStatus).toBe(3);
      const active = envelope<TestLink>(await updateLink(testId, link.testLinkId, { ...base, testLinkStatus: 1 }));
      expect(active.result.testLinkStatus).toBe(1);
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result.testLinkStatus).toBe(1);
    });

    it('answers 404.3 for a link under the wrong test or an unknown link, and changes nothing', async () => {
      const link = await createLink(testId, { testLinkName: 'Mine', accessTime: 0 });
      const otherTest = await createTest();
      const body = { testLinkName: 'Hijacked', accessTime: 0, timeZoneId: 1720 };
      expectFailure(await updateLink(otherTest, link.testLinkId, body), '404.3', 'Test link not found');
      expectFailure(await updateLink(testId, 999_999, body), '404.3', 'Test link not found');
      expectFailure(await updateLink(999_999, link.testLinkId, body), '404.3', 'Test link not found');
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result).toEqual(link);
    });
  });

  describe('4.5 get and 4.6 list', () => {
    it('gets one link; 404.3 under the wrong test or for an unknown id; 400.3 for a bad id', async () => {
      const link = await createLink(testId, { testLinkName: 'Get me', accessTime: 0 });
      const response = await getLink(testId, link.testLinkId);
      expect(response.statusCode).toBe(200);
      expect(envelope<TestLink>(response)).toMatchObject({ statuscode: '200.1', result: link });
      const otherTest = await createTest();
      expectFailure(await getLink(otherTest, link.testLinkId), '404.3', 'Test link not found');
      expectFailure(await getLink(testId, 999_999), '404.3', 'Test link not found');
      expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks/abc` }), '400.3', 'Path parameter is not a valid id');
    });

    it("lists only that test's links in creation order; empty for a test without links; 404.2 for an unknown test", async () => {
      const test = await createTest();
      const other = await createTest();
      const empty = await listLinks(test);
      expect(empty.statusCode).toBe(200);
      expect(envelope<{ testLinks: TestLink[] }>(empty).result).toEqual({ testLinks: [] });
      const created: TestLink[] = [];
      for (const name of ['Third', 'First', 'Second']) {
        created.push(await createLink(test, { testLinkName: name, accessTime: 0 }));
        await createLink(other, { testLinkName: `Other ${name}`, accessTime: 0 });
      }
      const listed = envelope<{ testLinks: TestLink[] }>(await listLinks(test));
      expect(listed.statuscode).toBe('200.1');
      expect(listed.result.testLinks).toEqual(created);
      expect(listed.result.testLinks.map((link) => link.testLinkName)).toEqual(['Third', 'First', 'Second']);
      expectFailure(await listLinks(999_999), '404.2', 'Test not found');
      expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests/x1/testlinks' }), '400.3', 'Path parameter is not a valid id');
    });
  });

  describe('tenant isolation', () => {
    it("another org's test and link ids answer like unknown ids, and nothing is stored or changed", async () => {
      const other = await h.createOrg('Other');
      const link = await createLink(testId, { testLinkName: 'Private', accessTime: 0 });
      const before = envelope<{ testLinks: TestLink[] }>(await listLinks(testId)).result.testLinks;
      const unknownTest = 888_888;
      const unknownLink = 777_777;
      const same = (own: Awaited<ReturnType<Harness['request']>>, unknown: Awaited<ReturnType<Harness['request']>>, ids: [number, number]) => {
        expect(own.statusCode).toBe(unknown.statusCode);
        const a = envelope<string>(own);
        const b = envelope<string>(unknown);
        expect([a.statuscode, a.description]).toEqual([b.statuscode, b.description]);
        expect(a.result.replaceAll(String(ids[0]), '#')).toBe(b.result.replaceAll(String(ids[1]), '#'));
      };
      const body = { testLinkName: 'Stolen', accessTime: 0, timeZoneId: 1720 };

      const listOwn = await listLinks(testId, other.apiKey);
      expectFailure(listOwn, '404.2', 'Test not found');
      same(listOwn, await listLinks(unknownTest, other.apiKey), [testId, unknownTest]);

      const createOwn = await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body, apiKey: other.apiKey });
      expectFailure(createOwn, '404.2', 'Test not found');
      same(createOwn, await h.request({ method: 'POST', url: `/v2/org/tests/${unknownTest}/testlinks`, body, apiKey: other.apiKey }), [testId, unknownTest]);

      const getOwn = await getLink(testId, link.testLinkId, other.apiKey);
      expectFailure(getOwn, '404.3', 'Test link not found');
      const getUnknown = await getLink(unknownTest, unknownLink, other.apiKey);
      expect(envelope<string>(getOwn).result.replaceAll(String(link.testLinkId), 'L').replaceAll(String(testId), 'T')).toBe(
        envelope<string>(getUnknown).result.replaceAll(String(unknownLink), 'L').replaceAll(String(unknownTest), 'T'),
      );

      expectFailure(await updateLink(testId, link.testLinkId, body, other.apiKey), '404.3', 'Test link not found');

      expect(envelope<{ testLinks: TestLink[] }>(await listLinks(testId)).result.testLinks).toEqual(before);
      expect(envelope<TestLink>(await getLink(testId, link.testLinkId)).result).toEqual(link);
      const otherTest = await createTest(other.apiKey);
      const theirs = await createLink(otherTest, { testLinkName: 'Theirs', accessTime: 0 }, other.apiKey);
      expect(theirs.emailToStakeholder).toBe('other@example.com');
      expectFailure(await getLink(otherTest, theirs.testLinkId), '404.3', 'Test link not found');
    });
  });
});
