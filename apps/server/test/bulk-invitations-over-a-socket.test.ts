import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from './helpers/raw-http.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

interface Job {
  jobId: number;
  total: number;
  rows?: { row: number; email: string }[];
}

/**
 * Issue 59, point 1: bulk files sent over a real connection, in pieces with pauses between them as a slow client or
 * network brings them, were cut short (2,000 rows made a job of 1,628) or refused (a record cut at a slice's edge).
 * inject() hands the server a body in one piece; this suite sends it through a socket, so the server reads it as
 * socket chunks of whatever size the connection delivers.
 */
describe.each(backends)('bulk files over a socket, in pieces, on %s', (backend) => {
  let h: Harness;
  let port: number;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    port = await listenOnLoopback(h.app);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  /** Writes `body` in pieces of 1 byte to ~100 KiB (a seeded sequence), a timer's pause after every few. */
  const post = (body: string, contentType: string, seed: number) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const bytes = Buffer.from(body);
      const call = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/v2/org/tests/${testId}/invitations/bulk`,
          headers: { 'content-type': contentType, 'content-length': bytes.length, 'x-api-key': h.org.apiKey },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => {
            text += part;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      call.on('error', reject);
      let state = seed;
      const send = async () => {
        for (let at = 0, piece = 0; at < bytes.length; piece += 1) {
          state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
          const size = Math.min(bytes.length - at, piece % 7 === 0 ? 1 + (state % 17) : 1 + (state % (100 * 1024)));
          call.write(bytes.subarray(at, at + size));
          at += size;
          if (piece % 3 === 0) await new Promise((wait) => setTimeout(wait, 2));
        }
        call.end();
      };
      send().catch(reject);
    });

  const jobOf = async (jobId: number) => {
    const response = await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${jobId}?rows=all` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: Job }>().result;
  };

  const expectEveryRow = async (answer: { status: number; text: string }, emails: string[]) => {
    expect(answer.status, answer.text).toBe(200);
    const job = JSON.parse(answer.text).result as Job;
    expect(job.total).toBe(emails.length);
    const rows = (await jobOf(job.jobId)).rows ?? [];
    expect(rows.map((row) => row.email)).toEqual(emails);
  };

  const emailsOf = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`);

  it.each([1, 1_700, 2_000, 5_000, 10_000])('reads every row of a %i-row CSV', async (count) => {
    const emails = emailsOf(`csv${count}-`, count);
    const csv = `email,name,extraTimePercent\r\n${emails.map((email, index) => `${email},"Doe, Jane ${index}",${index % 4 ? '' : '10'}\r\n`).join('')}`;
    await expectEveryRow(await post(csv, 'text/csv', count), emails);
  });

  it.each([1, 3_000, 10_000])('reads every row of a %i-row JSON list', async (count) => {
    const emails = emailsOf(`json${count}-`, count);
    const rows = emails.map((email, index) => ({ email, name: `Jane "${index}" Doe` }));
    await expectEveryRow(await post(JSON.stringify(rows), 'application/json;charset=utf-8', count), emails);
  });
});
