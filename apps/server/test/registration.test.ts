import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

interface Registration {
  testInvitationId: number;
  takeTestURL: string;
  alreadyRegistered: boolean;
  testStatus: string;
}

const TAKE_TEST_URL = /^https:\/\/assay\.test\/t\/[A-Za-z0-9_-]{22,}$/;

describe.each(backends)('register candidate for test (4.7) on %s', (backend) => {
  let h: Harness;
  let testId: number;

  const createTest = (apiKey?: string) => h.importTest(sampleDefinition, apiKey);
  const register = (onTest: number | string, body: unknown, apiKey?: string) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${onTest}/register`, body, apiKey });
  const registered = async (onTest: number, body: unknown) => {
    const response = await register(onTest, body);
    expect(response.statusCode, response.body).toBe(200);
    const parsed = envelope<Registration>(response);
    expect(parsed.statuscode).toBe('200.1');
    return parsed.result;
  };
  const candidates = () => h.store.db.selectFrom('candidates').selectAll().orderBy('id').execute();
  const invitations = () => h.store.db.selectFrom('invitations').selectAll().orderBy('id').execute();
  const counts = async () => ({ candidates: (await candidates()).length, invitations: (await invitations()).length });

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await createTest();
  });
  afterAll(() => h.close());

  it('answers testInvitationId and a takeTestURL under the public URL with a long URL-safe token, and the two extensions', async () => {
    const result = await registered(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    expect(Object.keys(result).sort()).toEqual(['alreadyRegistered', 'takeTestURL', 'testInvitationId', 'testStatus']);
    expect(result).toMatchObject({ alreadyRegistered: false, testStatus: 'Pending' });
    expect(Number.isInteger(result.testInvitationId)).toBe(true);
    expect(result.testInvitationId).toBeGreaterThan(0);
    expect(result.takeTestURL).toMatch(TAKE_TEST_URL);
    const rows = (await candidates()).filter((row) => row.email_key === 'ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ test_id: testId, email: 'ada@example.com', full_name: 'Ada Lovelace', callback_url: null, redirect_url: null });
    const invitation = (await invitations()).find((row) => row.id === result.testInvitationId);
    expect(invitation).toMatchObject({ test_id: testId, candidate_id: rows[0]!.id, test_link_id: null, status: 'Pending' });
  });

  it('registering the same email again (any letter case) answers the same invitation and updates the candidate', async () => {
    const first = await registered(testId, {
      emailId: 'grace@example.com',
      fullName: 'Grace',
      callbackURL: 'https://hooks.example.com/a',
      redirectURL: 'https://example.com/a',
    });
    const second = await registered(testId, {
      emailId: 'Grace@Example.COM',
      fullName: 'Grace Hopper',
      callbackURL: 'https://hooks.example.com/b',
      redirectURL: 'http://example.com/b',
    });
    expect(second).toEqual({ ...first, alreadyRegistered: true });
    let rows = (await candidates()).filter((row) => row.email_key === 'grace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: 'Grace Hopper', callback_url: 'https://hooks.example.com/b', redirect_url: 'http://example.com/b' });

    // URLs left out keep the stored ones (decision 21 as revised in issue 27); the name is always replaced.
    const third = await registered(testId, { emailId: 'grace@example.com', fullName: 'Rear Admiral Hopper' });
    expect(third).toEqual(second);
    rows = (await candidates()).filter((row) => row.email_key === 'grace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: 'Rear Admiral Hopper', callback_url: 'https://hooks.example.com/b', redirect_url: 'http://example.com/b' });
    expect((await invitations()).filter((row) => row.candidate_id === rows[0]!.id)).toHaveLength(1);
  });

  it('a different email, or the same email on another test, gets a different invitation', async () => {
    const a = await registered(testId, { emailId: 'alan@example.com', fullName: 'Alan' });
    const b = await registered(testId, { emailId: 'alonzo@example.com', fullName: 'Alonzo' });
    expect(b.testInvitationId).not.toBe(a.testInvitationId);
    expect(b.takeTestURL).not.toBe(a.takeTestURL);
    const otherTest = await createTest();
    const c = await registered(otherTest, { emailId: 'alan@example.com', fullName: 'Alan' });
    expect(c.testInvitationId).not.toBe(a.testInvitationId);
    expect(c.takeTestURL).not.toBe(a.takeTestURL);
  });

  it('20 concurrent registrations of one new email answer one invitation and store one candidate', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(testId, { emailId: i % 2 ? 'Race@Example.com' : 'race@example.com', fullName: `Racer ${i}` })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => envelope<Registration>(response).result);
    expect(new Set(results.map((result) => result.testInvitationId)).size).toBe(1);
    expect(new Set(results.map((result) => result.takeTestURL)).size).toBe(1);
    expect(
      results.filter((result) => !result.alreadyRegistered),
      'exactly one registration created the invitation',
    ).toHaveLength(1);
    const rows = (await candidates()).filter((row) => row.email_key === 'race@example.com');
    expect(rows).toHaveLength(1);
    const rowInvitations = (await invitations()).filter((row) => row.candidate_id === rows[0]!.id);
    expect(rowInvitations.map((row) => row.id)).toEqual([results[0]!.testInvitationId]);
  });

  it("accepts '' and null for callbackURL and redirectURL as none", async () => {
    await registered(testId, { emailId: 'empty@example.com', fullName: 'Empty', callbackURL: '', redirectURL: '' });
    await registered(testId, { emailId: 'null@example.com', fullName: 'Null', callbackURL: null, redirectURL: null });
    for (const key of ['empty@example.com', 'null@example.com']) {
      const row = (await candidates()).find((candidate) => candidate.email_key === key);
      expect(row).toMatchObject({ callback_url: null, redirect_url: null });
    }
  });

  const badBodies: Array<[string, unknown]> = [
    ['missing emailId', { fullName: 'No Mail' }],
    ['invalid emailId', { emailId: 'not-an-email', fullName: 'Bad Mail' }],
    ['emailId without a domain', { emailId: 'bad@', fullName: 'Bad Mail' }],
    ['missing fullName', { emailId: 'nofullname@example.com' }],
    ['empty fullName', { emailId: 'emptyname@example.com', fullName: '' }],
    ['blank fullName', { emailId: 'blankname@example.com', fullName: '   ' }],
    ["callbackURL 'not a url'", { emailId: 'cb1@example.com', fullName: 'Cb', callbackURL: 'not a url' }],
    ["callbackURL 'ftp://x.example'", { emailId: 'cb2@example.com', fullName: 'Cb', callbackURL: 'ftp://x.example' }],
    ["redirectURL 'not a url'", { emailId: 'rd1@example.com', fullName: 'Rd', redirectURL: 'not a url' }],
    ['emailId as a number', { emailId: 5, fullName: 'Num' }],
    ['fullName as a number', { emailId: 'num@example.com', fullName: 5 }],
    ['fullName null', { emailId: 'nullname@example.com', fullName: null }],
    ['callbackURL as a number', { emailId: 'cb3@example.com', fullName: 'Cb', callbackURL: 5 }],
    ['redirectURL as a boolean', { emailId: 'rd2@example.com', fullName: 'Rd', redirectURL: true }],
    ['a JSON array', [{ emailId: 'arr@example.com', fullName: 'Arr' }]],
    ['a JSON string', 'arr@example.com'],
  ];

  it.each(badBodies)('refuses %s with 400.2 and stores nothing', async (_name, body) => {
    const before = await counts();
    expectFailure(await register(testId, body), '400.2', 'Request body failed validation');
    expect(await counts()).toEqual(before);
  });

  it('answers 404.2 for an unknown test and 400.3 for a non-numeric testId, storing nothing', async () => {
    const before = await counts();
    const body = { emailId: 'lost@example.com', fullName: 'Lost' };
    expectFailure(await register(999_999, body), '404.2', 'Test not found');
    for (const id of ['abc', '-1', '1e3']) {
      expectFailure(await register(id, body), '400.3', 'Path parameter is not a valid id');
    }
    expect(await counts()).toEqual(before);
  });

  it("another org cannot register on this org's test: 404.2 like an unknown test, nothing stored", async () => {
    const other = await h.createOrg('Other');
    const before = await counts();
    const body = { emailId: 'intruder@example.com', fullName: 'Intruder' };
    const own = await register(testId, body, other.apiKey);
    expectFailure(own, '404.2', 'Test not found');
    const unknown = await register(999_999, body, other.apiKey);
    expect(envelope<string>(own).result.replaceAll(String(testId), '#')).toBe(envelope<string>(unknown).result.replaceAll('999999', '#'));
    expect(await counts()).toEqual(before);
  });
});
