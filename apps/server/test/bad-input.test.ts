import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

/** Deterministic PRNG, so a failing fuzz case can be replayed. */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const KNOWN_FIELDS = [
  'testLinkName',
  'accessTime',
  'timeZoneId',
  'startDateTime',
  'endDateTime',
  'inviteCandidateOnly',
  'imageProctoring',
  'emailToStakeholder',
  'testLinkStatus',
  'emailId',
  'fullName',
  'callbackURL',
  'redirectURL',
  'testName',
  'testStatus',
  'sections',
  'questions',
  'duration',
  'description',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const randomValues = (random: () => number) => {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const scalar = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => true,
      () => Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1),
      () => random() * 1e6,
      () => pick([0, -0, 1, 2, 3, -1, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2]),
      () => '',
      () => ' '.repeat(Math.floor(random() * 5)),
      () => pick(['héllo wörld', '日本語のテキスト', '🙂🚀', '\u0000\u0001', 'a\u202eb', '<script>alert(1)</script>', "'; drop table tests; --"]),
      () => pick(['2024-01-01T10:00:00', '2024-13-45T99:99:99', '2024-01-01', 'not-an-email', 'a@b.co', 'https://example.com', 'javascript:1']),
      () => 'x'.repeat(Math.floor(random() * 3000)),
    ])();
  const value = (depth: number): unknown => {
    const roll = random();
    if (depth > 3 || roll < 0.45) return scalar();
    if (roll < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [pick(KNOWN_FIELDS), value(depth + 1)]));
  };
  const deep = (depth: number): unknown => {
    let nested: unknown = random() < 0.5 ? 1 : 'leaf';
    for (let i = 0; i < depth; i += 1) nested = random() < 0.5 ? [nested] : { [pick(KNOWN_FIELDS)]: nested };
    return nested;
  };
  /** A plausible body with one known field set to a wrong type. */
  const nearlyValid = (): unknown => {
    const base: Record<string, unknown> = pick<Record<string, unknown>>([
      { testLinkName: 'Link', accessTime: 0, timeZoneId: 1720 },
      { testLinkName: 'Link', accessTime: 1, timeZoneId: 1720, startDateTime: '2030-01-01T09:00:00', endDateTime: '2030-01-02T09:00:00' },
      { emailId: 'fuzz@example.com', fullName: 'Fuzz' },
      { ...(sampleDefinition as Record<string, unknown>) },
    ]);
    return { ...base, [pick(Object.keys(base))]: value(2) };
  };
  return () => pick<() => unknown>([scalar, () => value(0), () => value(0), () => deep(10 + Math.floor(random() * 2000)), nearlyValid, nearlyValid])();
};

describe.each(backends)('bad input on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let testLinkId: number;
  let invitationId: number;
  const testsCount = async () => (await h.client.tests.list()).testsCount;
  const linkCount = async () => (await h.client.testLinks.list(testId)).length;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(sampleDefinition);
    testLinkId = (await h.client.testLinks.create(testId, { testLinkName: 'Open', accessTime: 0, timeZoneId: 1720 })).testLinkId;
    invitationId = (await h.client.invitations.register(testId, { emailId: 'ann@example.com', fullName: 'Ann' })).testInvitationId;
  });
  afterAll(() => h.close());

  it('answers malformed JSON with 400.1 and stores nothing', async () => {
    const before = await linkCount();
    for (const payload of ['{"testLinkName": "x", "accessTime": 0,', '{testLinkName: "x"}', "{'a':1}", '[1, 2', 'nul', '{"a":1}}']) {
      expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, payload }), '400.1');
    }
    expect(await linkCount()).toBe(before);
  });

  it('answers a 5 MB body with 413.1 and stores nothing', async () => {
    const before = await testsCount();
    const payload = JSON.stringify({ ...sampleDefinition, description: 'x'.repeat(5 * 1024 * 1024) });
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests', payload }), '413.1');
    expect(await testsCount()).toBe(before);
  });

  it('refuses bad paging with 400.4 and accepts page_size 100', async () => {
    for (const query of [
      'page_size=0',
      'page_size=-1',
      'page_size=abc',
      'page_size=1.5',
      'page_size=101',
      'page_no=0',
      'page_no=-2',
      'page_no=1e2',
      'page_size=',
    ]) {
      expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests?${query}` }), '400.4');
    }
    const max = await h.request({ method: 'GET', url: '/v2/org/tests?page_size=100&page_no=1' });
    expect(max.statusCode).toBe(200);
    expect(envelope(max).statuscode).toBe('200.1');
  });

  it('refuses non-numeric ids in every path position with 400.3', async () => {
    const urls = [
      ['GET', '/v2/org/tests/abc'],
      ['GET', '/v2/org/tests/-1'],
      ['GET', '/v2/org/tests/1.5'],
      ['GET', `/v2/org/tests/1/testlinks/xyz`],
      ['GET', `/v2/org/tests/abc/testlinks/1`],
      ['GET', '/v2/org/tests/abc/testlinks'],
      ['POST', `/v2/org/tests/${testId}/testlinks/xyz`],
      ['POST', '/v2/org/tests/0x10/register'],
      ['POST', `/v2/org/tests/${testId}/testlinks/x1/register`],
      ['GET', '/v2/org/testinvitation/1e3/cancel'],
      ['GET', '/v2/org/testinvitation/abc/reattempt'],
      ['GET', '/v2/org/report/-5'],
      ['GET', '/v2/org/report/abc/sections'],
      ['GET', '/v2/org/report/%20/pdf'],
      ['GET', '/v2/org/report/12345678901234567890/excel'],
    ] as const;
    for (const [method, url] of urls) {
      const body = method === 'POST' ? { testLinkName: 'x', accessTime: 0, emailId: 'a@b.co', fullName: 'A' } : undefined;
      expectFailure(await h.request({ method, url, body }), '400.3');
    }
  });

  it('answers well-formed ids that cannot exist with 404, and ids outside Int64 from 1 with 400.3, never 500', async () => {
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests/9007199254740993' }), '404.2');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/report/9223372036854775807' }), '404.4');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests/0' }), '400.3');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/report/9999999999999999999' }), '400.3');
  });

  it('refuses bodies that are not JSON with 400.8', async () => {
    expectFailure(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/register`,
        payload: 'emailId=a@b.co',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      '400.8',
    );
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests', payload: '<test/>', headers: { 'content-type': 'application/xml' } }), '400.8');
  });

  // Request bodies are JSON (spec section 1); fastify's built-in text/plain parser lets this through to validation (400.2).
  it('refuses a text/plain body with 400.8', async () => {
    const before = await linkCount();
    const payload = JSON.stringify({ testLinkName: 'Plain', accessTime: 0, timeZoneId: 1720 });
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, payload, headers: { 'content-type': 'text/plain' } }), '400.8');
    expect(await linkCount()).toBe(before);
  });

  it('answers an empty JSON body with 400.2 on routes that need a body, and serves bodiless GETs', async () => {
    for (const url of [
      '/v2/org/tests',
      `/v2/org/tests/${testId}/testlinks`,
      `/v2/org/tests/${testId}/testlinks/${testLinkId}`,
      `/v2/org/tests/${testId}/register`,
    ]) {
      expectFailure(await h.request({ method: 'POST', url, payload: '' }), '400.2');
      expectFailure(await h.request({ method: 'POST', url, payload: '   \n' }), '400.2');
    }
    for (const url of ['/v2/org/tests', `/v2/org/tests/${testId}`, `/v2/org/tests/${testId}/testlinks`, `/v2/org/report/${invitationId}`]) {
      const response = await h.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(envelope(response).statuscode).toBe('200.1');
    }
  });

  it('answers unknown routes with 404.1, and known paths with another method with 405.1', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/v2/org/nope'],
      ['GET', '/v9/org/tests'],
    ] as const) {
      expectFailure(await h.request({ method, url }), '404.1');
    }
    // Under /v3 (the iMocha v3 shape, decision 846) an unknown route answers in that front's failure body.
    const v3 = await h.request({ method: 'GET', url: '/v3/org/tests' });
    const NO_V3_ROUTE = 'No route GET /v3/org/tests: see /docs for the API reference.';
    expect([v3.statusCode, v3.json()]).toEqual([404, { statusCode: 404, message: NO_V3_ROUTE, errors: [NO_V3_ROUTE], statuscode: '404.1' }]);
    for (const [method, url] of [
      ['DELETE', `/v2/org/tests/${testId}`],
      ['POST', '/v2/org/report/1'],
    ] as const) {
      expectFailure(await h.request({ method, url }), '405.1');
    }
    expectFailure(await h.request({ method: 'GET', url: '/nope', apiKey: null }), '404.1');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests', apiKey: null }), '401.1');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests', apiKey: 'assay_not-a-real-key-0000000000' }), '401.2');
  });

  it('refuses JSON with prototype-polluting keys without storing anything', async () => {
    const before = await linkCount();
    const payload = '{"testLinkName":"Proto","accessTime":0,"timeZoneId":1720,"__proto__":{"admin":true}}';
    const response = await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, payload });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).statuscode).toMatch(/^400\.\d+$/);
    expect(await linkCount()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  // Client input must never cause a 5xx: hostile nesting must not reach recursive validators.
  it('refuses a deeply nested JSON value inside a coding test case without a 5xx', async () => {
    const before = await testsCount();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const payload = JSON.stringify(sampleDefinition).replace('"hiddenTests":[', `"hiddenTests":[{"args":[${deep}],"expected":1},`);
    expect(payload.length).toBeLessThan(20_000);
    const response = await h.request({ method: 'POST', url: '/v2/org/tests', payload });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expectFailure(response, '400.2');
    expect(await testsCount()).toBe(before);
  });

  it('survives a fuzz of garbage bodies on every v2 endpoint without a 5xx', async () => {
    const random = mulberry32(0xa55a7 + backend.length);
    const nextBody = randomValues(random);
    const ids = (real: boolean) =>
      // biome-ignore lint/correctness/noPrecisionLoss: 2^53 + 1 on purpose, an id no JSON number can carry exactly
      real ? { t: testId, l: testLinkId, i: invitationId } : { t: 999999, l: 'x1', i: 9007199254740993 };
    const endpoints = (id: ReturnType<typeof ids>): [string, string][] => [
      ['GET', '/v2/org/tests?page_size=3'],
      ['POST', '/v2/org/tests'],
      ['GET', `/v2/org/tests/${id.t}`],
      ['POST', `/v2/org/tests/${id.t}/testlinks`],
      ['GET', `/v2/org/tests/${id.t}/testlinks`],
      ['POST', `/v2/org/tests/${id.t}/testlinks/${id.l}`],
      ['GET', `/v2/org/tests/${id.t}/testlinks/${id.l}`],
      ['POST', `/v2/org/tests/${id.t}/register`],
      ['POST', `/v2/org/tests/${id.t}/testlinks/${id.l}/register`],
      ['GET', `/v2/org/testinvitation/${id.i}/cancel?testId=${id.t}`],
      ['GET', `/v2/org/testinvitation/${id.i}/reattempt`],
      ['GET', `/v2/org/report/${id.i}`],
      ['GET', `/v2/org/report/${id.i}/sections`],
      ['GET', `/v2/org/report/${id.i}/pdf`],
      ['GET', `/v2/org/report/${id.t}/excel`],
    ];
    let sent = 0;
    for (const [real, rounds] of [
      [true, 20],
      [false, 8],
    ] as const) {
      for (const [method, url] of endpoints(ids(real))) {
        for (let round = 0; round < rounds; round += 1) {
          const text = JSON.stringify(nextBody()) ?? 'null';
          const cut = Math.floor(random() * text.length);
          // One body in five is mangled text: truncated, or with one character replaced.
          const mangle = random();
          const payload =
            mangle < 0.1
              ? text.slice(0, cut)
              : mangle < 0.2
                ? `${text.slice(0, cut)}${String.fromCharCode(32 + Math.floor(random() * 95))}${text.slice(cut + 1)}`
                : text;
          const response = await h.request({ method: method as 'GET' | 'POST', url, payload });
          sent += 1;
          const replay = `${method} ${url} ${payload.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, replay).toBeLessThan(500);
          const contentType = String(response.headers['content-type'] ?? '');
          if (!contentType.startsWith('application/json')) {
            // Only the file exports answer anything but the envelope, and only on success.
            expect(response.statusCode, replay).toBe(200);
            expect(url, replay).toMatch(/\/(pdf|excel)$/);
            continue;
          }
          const parsed = envelope(response);
          expect(parsed.statuscode, replay).toMatch(/^\d{3}\.\d+$/);
          expect(response.statusCode, replay).toBe(Number(parsed.statuscode.split('.')[0]));
          if (parsed.statuscode !== '200.1') expect(typeof parsed.result, replay).toBe('string');
        }
      }
    }
    expect(sent).toBe(15 * 28);
  });
});
