import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate, questionIdsOfTest, registerFor } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { exchange, listenOnLoopback } from '../helpers/raw-http.js';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from '../helpers/test-app.js';
import { refusalChecker } from './fuzz/table-counts.js';

/**
 * Attack class: a body whose bytes are not what they claim. Bytes that are not UTF-8 were decoded with U+FFFD in
 * their place and stored in names (and answers); a body declared in another charset was read as UTF-8 all the same.
 * Both are refused before the body is parsed, on every route family that takes a body, and nothing is stored.
 */

/** Byte sequences UTF-8 forbids (written as latin1 strings: one character per byte). */
const NOT_UTF8: [string, string][] = [
  ['a UTF-16 byte-order mark', '\xff\xfe'],
  ['a lead byte without its continuation', '\xc3\x28'],
  ['a CESU-8 surrogate', '\xed\xa0\x80'],
  ['a CESU-8 surrogate pair', '\xed\xa0\xbd\xed\xb8\x80'],
  ['an overlong slash (2 bytes)', '\xc0\xaf'],
  ['an overlong slash (3 bytes)', '\xe0\x80\xaf'],
  ['a code point past U+10FFFF', '\xf4\x90\x80\x80'],
  ['a lone continuation byte', '\x80'],
  ['Latin-1 text', 'Zo\xeb'],
];

const OTHER_CHARSETS = [
  'application/json; charset=iso-8859-1',
  'application/json;charset=ISO-8859-1',
  'application/json; charset="iso-8859-1"',
  'application/json; Charset=windows-1252',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'Application/JSON; CHARSET="UTF-16"',
];

const UTF8_SPELLINGS = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset="utf-8"',
  'application/json; charset=utf8',
];

describe.each(backends)('request bodies are UTF-8 or refused, on %s', (backend) => {
  let h: Harness;
  let refusedUnchanged: Awaited<ReturnType<typeof refusalChecker>>;
  let testId: number;
  let token: string;
  let codingQuestion: number;
  let accessKey: string;
  let sent = 0;

  /** One route of each family that takes a body; `text` goes where a person's words go. */
  const families = {
    'org API registration': (text: string) => ({
      method: 'POST' as const,
      url: `/v2/org/tests/${testId}/register`,
      headers: {},
      json: `{"emailId":"org${(sent += 1)}@example.com","fullName":"${text}"}`,
    }),
    'admin API': (text: string) => ({
      method: 'POST' as const,
      url: '/admin/orgs',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      json: `{"name":"${text}","email":"ops${(sent += 1)}@example.com"}`,
    }),
    'candidate API answer': (text: string) => ({
      method: 'PUT' as const,
      url: `/candidate/v1/${token}/answers/${codingQuestion}`,
      headers: {},
      json: `{"code":"// ${text}"}`,
    }),
    'public-link registration': (text: string) => ({
      method: 'POST' as const,
      url: `/candidate/v1/links/${accessKey}/register`,
      headers: {},
      json: `{"fullName":"${text}","emailId":"self${(sent += 1)}@example.com"}`,
    }),
  };
  type Family = keyof typeof families;

  const send = (family: Family, text: string, contentType = 'application/json; charset=utf-8') => {
    const request = families[family](text);
    return h.request({
      method: request.method,
      url: request.url,
      apiKey: family === 'org API registration' ? undefined : null,
      headers: { ...request.headers, 'content-type': contentType },
      payload: Buffer.from(request.json, 'latin1'),
    });
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
    token = (await registerFor(h, testId, 'bytes@example.com')).token;
    expectSuccess(await candidate(h, token).start());
    codingQuestion = (await questionIdsOfTest(h, testId))[2]!;
    accessKey = expectSuccess<{ testLinkAccessKey: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    ).testLinkAccessKey;
    refusedUnchanged = await refusalChecker(h);
  });
  afterAll(() => h.close());

  for (const family of Object.keys(families) as Family[]) {
    it.each(NOT_UTF8)(`${family}: %s answers 400.15 and stores nothing`, async (_what, bytes) => {
      const failure = await refusedUnchanged(() => send(family, `Ev${bytes}e`), '400.15');
      expect(failure.result).toMatch(/not valid UTF-8/);
    });

    it.each(OTHER_CHARSETS)(`${family}: %s answers 400.16 naming the charset, even for ASCII`, async (contentType) => {
      const failure = await refusedUnchanged(() => send(family, 'Eve', contentType), '400.16');
      const charset = /charset="?([^";]+)/i.exec(contentType)![1]!;
      expect(failure.result).toContain(`charset=${charset}`);
    });

    it.each(UTF8_SPELLINGS)(`${family}: %s reads UTF-8 as sent`, async (contentType) => {
      const response = await send(family, Buffer.from('Zoë 名 محمد', 'utf8').toString('latin1'), contentType);
      expect(response.statusCode, response.body).toBe(200);
    });
  }

  it('stores the name exactly as its UTF-8 bytes say', async () => {
    const result = expectSuccess<{ testInvitationId: number }>(await send('org API registration', Buffer.from('Zoë 名', 'utf8').toString('latin1')));
    const stored = await h.store.invitations.find(h.org.orgId, result.testInvitationId);
    const row = await h.store.db.selectFrom('candidates').select('full_name').where('id', '=', stored!.candidateId).executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Zoë 名');
  });

  it('refuses the bytes as they come off the wire, on a real socket', async () => {
    const port = await listenOnLoopback(h.app);
    const body = Buffer.from(`{"fullName":"Ev\xed\xa0\x80e","emailId":"wire@example.com"}`, 'latin1');
    const { answers } = await exchange(
      port,
      `POST /candidate/v1/links/${accessKey}/register HTTP/1.1\r\nHost: assay.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString('latin1')}`,
    );
    expect(answers[0]?.status).toBe(400);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ statuscode: '400.15' });
  });
});
