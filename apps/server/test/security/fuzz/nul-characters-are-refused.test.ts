import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate, questionIdsOfTest, registerFor } from '../../helpers/candidate.js';
import { expectSuccess } from '../../helpers/expectations.js';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { backends, startHarness, type Harness } from '../../helpers/test-app.js';
import { refusalChecker } from './table-counts.js';

/**
 * Attack class, found by the fuzz suite: U+0000 in any text a request carries. PostgreSQL cannot hold it in
 * a text value, so a token or a name with one was a 500 there (and stored as sent on SQLite). Both backends
 * now refuse it before anything is looked up or stored: 400.13 in the URL, 400.2 in a body.
 */
describe.each(backends)('a NUL character in a request is refused, on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let token: string;
  let accessKey: string;
  let refusedUnchanged: Awaited<ReturnType<typeof refusalChecker>>;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
    token = (await registerFor(h, testId, 'nul@example.com')).token;
    expectSuccess(await candidate(h, token).start());
    accessKey = expectSuccess<{ testLinkAccessKey: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    ).testLinkAccessKey;
    refusedUnchanged = await refusalChecker(h);
  });
  afterAll(() => h.close());

  it.each([
    ['GET', '/candidate/v1/%00'],
    ['GET', '/candidate/v1/abc%00def'],
    ['POST', '/candidate/v1/%00/start'],
    ['POST', '/candidate/v1/%00/submit'],
    ['GET', '/candidate/v1/links/%00'],
    ['GET', '/v2/reports/1/pdf?expires=1&signature=%00'],
    ['GET', '/v2/org/tests?page_size=%00'],
  ] as const)('%s %s answers 400.13', async (method, url) => {
    const failure = await refusedUnchanged(() => h.request({ method, url, apiKey: url.startsWith('/v2/org') ? undefined : null }), '400.13');
    expect(failure.result).toMatch(/NUL/);
  });

  it('in a take-test token followed by a real one, the real token is not looked up', async () => {
    await refusedUnchanged(() => h.request({ method: 'GET', url: `/candidate/v1/${token}%00`, apiKey: null }), '400.13');
  });

  it.each([
    [
      'a name in a registration',
      () => ({ method: 'POST' as const, url: `/v2/org/tests/${testId}/register`, body: { emailId: 'x@example.com', fullName: 'Ada\u0000' } }),
    ],
    ['a test name in an import', () => ({ method: 'POST' as const, url: '/v2/org/tests', body: { ...sampleDefinition, testName: 'Quiz\u0000' } })],
    [
      'a key of a body',
      () => ({ method: 'POST' as const, url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'L', accessTime: 0, 'x\u0000': 1 } }),
    ],
    [
      'a self-registration',
      () => ({
        method: 'POST' as const,
        url: `/candidate/v1/links/${accessKey}/register`,
        body: { fullName: 'Eve\u0000', emailId: 'eve@example.com' },
        apiKey: null,
      }),
    ],
  ])('in %s answers 400.2 and stores nothing', async (_, request) => {
    const failure = await refusedUnchanged(() => h.request(request()), '400.2');
    expect(failure.result).toMatch(/NUL/);
  });

  it("in a candidate's code answer answers 400.2 and stores nothing", async () => {
    const coding = (await questionIdsOfTest(h, testId))[2]!;
    await refusedUnchanged(() => candidate(h, token).answer(coding, { code: 'function sum() { return "\u0000"; }' }), '400.2');
  });
});
