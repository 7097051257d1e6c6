import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLinkBody } from '@assay/client';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

interface LinkRegistration {
  testInvitationId: number;
  testUrl: string;
  testAccessTime: string;
}

const TAKE_TEST_URL = /^https:\/\/assay\.test\/t\/[A-Za-z0-9_-]{22,}$/;
const KOLKATA = 'India Standard Time (Asia/Kolkata)';

describe.each(backends)('register candidate by test link (4.8) on %s', (backend) => {
  let h: Harness;
  let testId: number;

  const createTest = (apiKey?: string) => h.importTest(sampleDefinition, apiKey);
  const createLink = async (onTest: number, body: TestLinkBody) => (await h.client.testLinks.create(onTest, body)).testLinkId;
  const registerByLink = (onTest: number | string, linkId: number | string, body: unknown, apiKey?: string) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${onTest}/testlinks/${linkId}/register`, body, apiKey });
  const registered = async (onTest: number, linkId: number, body: unknown) => {
    const response = await registerByLink(onTest, linkId, body);
    expect(response.statusCode, response.body).toBe(200);
    const parsed = envelope<LinkRegistration>(response);
    expect(parsed.statuscode).toBe('200.1');
    return parsed.result;
  };
  const counts = async () => ({
    candidates: (await h.store.db.selectFrom('candidates').selectAll().execute()).length,
    invitations: (await h.store.db.selectFrom('invitations').selectAll().execute()).length,
  });

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await createTest();
  });
  afterAll(() => h.close());

  it('answers testInvitationId, testUrl and testAccessTime, and the two extensions; the link is recorded on the invitation', async () => {
    const linkId = await createLink(testId, { testLinkName: 'Anytime', accessTime: 0 });
    const result = await registered(testId, linkId, { emailId: 'ada@example.com', fullName: 'Ada' });
    expect(Object.keys(result).sort()).toEqual(['alreadyRegistered', 'testAccessTime', 'testInvitationId', 'testStatus', 'testUrl']);
    expect(result).toMatchObject({ alreadyRegistered: false, testStatus: 'Pending' });
    expect(Number.isInteger(result.testInvitationId)).toBe(true);
    expect(result.testUrl).toMatch(TAKE_TEST_URL);
    expect(result.testAccessTime).toContain('Asia/Kolkata');
    expect(result.testAccessTime).toBe(`Valid anytime, ${KOLKATA}`);
    const invitation = await h.store.db.selectFrom('invitations').selectAll().where('id', '=', result.testInvitationId).executeTakeFirst();
    expect(invitation).toMatchObject({ test_id: testId, test_link_id: linkId, status: 'Pending' });
  });

  it("accessTime 1: testAccessTime shows the period converted to the link's zone", async () => {
    const linkId = await createLink(testId, {
      testLinkName: 'Bound',
      accessTime: 1,
      timeZoneId: 1720,
      startDateTime: '2026-12-01T04:30:00',
      endDateTime: '2026-12-05T12:30:00',
    });
    const result = await registered(testId, linkId, { emailId: 'bound@example.com', fullName: 'Bound' });
    expect(result.testAccessTime).toContain('10:00');
    expect(result.testAccessTime).toContain('Asia/Kolkata');
    expect(result.testAccessTime).toBe(`Valid from 01 Dec 2026, 10:00 to 05 Dec 2026, 18:00, ${KOLKATA}`);
  });

  it('accessTime 2: testAccessTime shows the daily window and the date range in the zone', async () => {
    const linkId = await createLink(testId, {
      testLinkName: 'Slots',
      accessTime: 2,
      timeZoneId: 1720,
      startDateTime: '2026-12-01T03:30:00',
      endDateTime: '2026-12-05T11:30:00',
    });
    const result = await registered(testId, linkId, { emailId: 'slots@example.com', fullName: 'Slots' });
    expect(result.testAccessTime).toBe(`Valid daily from 09:00 to 17:00, between 01 Dec 2026 and 05 Dec 2026, ${KOLKATA}`);
  });

  it("names the link's own time zone, not the org's", async () => {
    const utc = await createLink(testId, {
      testLinkName: 'UTC',
      accessTime: 1,
      timeZoneId: 1000,
      startDateTime: '2026-12-01T04:30:00',
      endDateTime: '2026-12-05T12:30:00',
    });
    const inUtc = await registered(testId, utc, { emailId: 'utc@example.com', fullName: 'Utc' });
    expect(inUtc.testAccessTime).toBe('Valid from 01 Dec 2026, 04:30 to 05 Dec 2026, 12:30, Coordinated Universal Time (UTC)');
    const ny = await createLink(testId, { testLinkName: 'NY', accessTime: 0, timeZoneId: 2700 });
    const inNy = await registered(testId, ny, { emailId: 'ny@example.com', fullName: 'Ny' });
    expect(inNy.testAccessTime).toContain('America/New_York');
    expect(inNy.testAccessTime).not.toContain('Asia/Kolkata');
  });

  it('registering by link and then by 4.7 for the same email answers the same invitation', async () => {
    const linkId = await createLink(testId, { testLinkName: 'Both ways', accessTime: 0 });
    const byLink = await registered(testId, linkId, { emailId: 'both@example.com', fullName: 'Both' });
    const again = await registered(testId, linkId, { emailId: 'BOTH@example.com', fullName: 'Both Again' });
    expect(again.testInvitationId).toBe(byLink.testInvitationId);
    expect(again.testUrl).toBe(byLink.testUrl);
    const direct = await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: 'both@example.com', fullName: 'Both Direct' } });
    expect(direct.statusCode).toBe(200);
    expect(envelope(direct).result).toEqual({
      testInvitationId: byLink.testInvitationId,
      takeTestURL: byLink.testUrl,
      alreadyRegistered: true,
      testStatus: 'Pending',
    });
    const rows = await h.store.db.selectFrom('candidates').selectAll().where('email_key', '=', 'both@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: 'Both Direct' });
  });

  it('answers 404.3 for a link on another test or an unknown link, and stores nothing', async () => {
    const linkId = await createLink(testId, { testLinkName: 'Here', accessTime: 0 });
    const otherTest = await createTest();
    const before = await counts();
    const body = { emailId: 'astray@example.com', fullName: 'Astray' };
    expectFailure(await registerByLink(otherTest, linkId, body), '404.3', 'Test link not found');
    expectFailure(await registerByLink(testId, 999_999, body), '404.3', 'Test link not found');
    expectFailure(await registerByLink(999_999, linkId, body), '404.3', 'Test link not found');
    expect(await counts()).toEqual(before);
  });

  it('refuses bad bodies with 400.2 and bad path ids with 400.3, storing nothing', async () => {
    const linkId = await createLink(testId, { testLinkName: 'Strict', accessTime: 0 });
    const before = await counts();
    for (const body of [
      { fullName: 'No Mail' },
      { emailId: 'not-an-email', fullName: 'Bad' },
      { emailId: 'noname@example.com' },
      { emailId: 'noname@example.com', fullName: '' },
      { emailId: 'cb@example.com', fullName: 'Cb', callbackURL: 'ftp://x.example' },
      { emailId: 'cb@example.com', fullName: 'Cb', redirectURL: 'not a url' },
      { emailId: 5, fullName: 'Num' },
      [],
    ]) {
      expectFailure(await registerByLink(testId, linkId, body), '400.2', 'Request body failed validation');
    }
    const body = { emailId: 'path@example.com', fullName: 'Path' };
    expectFailure(await registerByLink('abc', linkId, body), '400.3', 'Path parameter is not a valid id');
    expectFailure(await registerByLink(testId, 'abc', body), '400.3', 'Path parameter is not a valid id');
    expect(await counts()).toEqual(before);
  });

  it("another org cannot register on this org's link: 404.3 like an unknown link, nothing stored", async () => {
    const linkId = await createLink(testId, { testLinkName: 'Private', accessTime: 0 });
    const other = await h.createOrg('Other');
    const before = await counts();
    const body = { emailId: 'intruder@example.com', fullName: 'Intruder' };
    const own = await registerByLink(testId, linkId, body, other.apiKey);
    expectFailure(own, '404.3', 'Test link not found');
    const unknown = await registerByLink(888_888, 777_777, body, other.apiKey);
    const masked = (text: string, ids: [number, number]) => text.replaceAll(String(ids[1]), 'L').replaceAll(String(ids[0]), 'T');
    expect(masked(envelope<string>(own).result, [testId, linkId])).toBe(masked(envelope<string>(unknown).result, [888_888, 777_777]));
    expect(await counts()).toEqual(before);
  });
});
