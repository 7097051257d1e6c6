import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

const EIGHT_MIB = 8 * 1024 * 1024;

/** An 8 MiB body as a stream of 64 KiB chunks that counts what the server pulled of it. */
const counted = (body: Buffer) => {
  const read = { bytes: 0 };
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < body.length; at += 64 * 1024) {
        const chunk = body.subarray(at, at + 64 * 1024);
        read.bytes += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false, highWaterMark: 64 * 1024 },
  );
  return { stream, read };
};

/** The review's files: 2.8 million CSV rows of `a,`, and a JSON list of 2.8 million empty objects. */
const hugeCsv = Buffer.from(`email,name\n${'a,\n'.repeat(Math.floor((EIGHT_MIB - 11) / 3))}`);
const hugeJson = Buffer.from(`[${'{},'.repeat(Math.floor((EIGHT_MIB - 3) / 3))}{}]`);

describe.each(backends)('bulk invitations: cheap checks first (issue 48, item 1; decision 630) on %s', (backend) => {
  let h: Harness;
  let testId: number;

  const post = (onTest: number, payload: Buffer | Readable, contentType: string, apiKey?: string) =>
    h.request({
      method: 'POST',
      url: `/v2/org/tests/${onTest}/invitations/bulk`,
      payload,
      headers: { 'content-type': contentType, 'content-length': String(payload instanceof Buffer ? payload.length : hugeCsv.length) },
      ...(apiKey ? { apiKey } : {}),
    });

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  it("answers a missing test, or another org's, 404.2 before the body is read: a malformed 8 MiB file is never parsed", async () => {
    const brokenCsv = Buffer.concat([Buffer.from('email,name\n"never closed,'), hugeCsv.subarray(0, EIGHT_MIB - 100)]);
    const brokenJson = Buffer.concat([Buffer.from('[{"email": oops},'), hugeJson.subarray(1, EIGHT_MIB - 100)]);
    expectFailure(await post(999_999, brokenCsv, 'text/csv'), '404.2');
    expectFailure(await post(999_999, brokenJson, 'application/json'), '404.2');
    const other = await h.createOrg('Other');
    expectFailure(await post(testId, brokenCsv, 'text/csv', other.apiKey), '404.2');
    expectFailure(await post(testId, brokenJson, 'application/json;charset=utf-8', other.apiKey), '404.2');
    // The key and its role are still checked first; the same body to the real test is read, and refused for what it is.
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel' });
    expectFailure(await post(999_999, brokenCsv, 'text/csv', reviewer.apiKey), '403.17');
    expectFailure(await post(testId, brokenCsv, 'text/csv'), '400.20');
    expectFailure(await post(testId, brokenJson, 'application/json'), '400.1');
  });

  it('refuses an 8 MiB CSV of 2.8 million rows and an 8 MiB JSON list of empty objects 413.2 at row 10,001, the rest unparsed', async () => {
    for (const [body, type] of [
      [hugeCsv, 'text/csv'],
      [hugeJson, 'application/json'],
    ] as const) {
      const { stream, read } = counted(body);
      const refused = expectFailure(await post(testId, stream, type), '413.2');
      expect(refused.result).toBe('The file has more than 10000 rows: at most 10000 are taken in one job. Split it and send each part.');
      // Counted to row 10,001 and no further: the rest of the body went through unparsed (it is all sent).
      expect(read.bytes, type).toBe(body.length);
    }
  });

  it('refuses a JSON row of more than 1,000 values (400.2) before parsing it: one row cannot hold 8 MiB of values', async () => {
    const row = `{"email":"a@example.com","name":"A","extra":[${'[],'.repeat(2_000)}[]]}`;
    const refused = expectFailure(await post(testId, Buffer.from(`[${row}]`), 'application/json'), '400.2');
    expect(refused.result).toMatch(/^Row 1 holds more than 1000 values/);
    // A row of a few hundred columns, as an ATS export has, is taken.
    const wide = `{"email":"wide@example.com","name":"Wide",${Array.from({ length: 300 }, (_, index) => `"c${index}":"v"`).join(',')}}`;
    const answer = await post(testId, Buffer.from(`[${wide}]`), 'application/json');
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
