import { createClient } from '@assay/client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, ExitCode } from './errors.js';

/** A real local server that answers every request with `status` and `body`, as a proxy in front of Assay might. */
describe('exit codes of failures', () => {
  let answer = { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const failureOf = async () =>
    describeFailure(
      await createClient({ baseUrl, apiKey: 'k', retries: 0 })
        .tests.list()
        .catch((error: unknown) => error),
    );

  it.each([502, 503, 504])('a gateway’s HTML %i (no envelope) is "unreachable": exit code 3', async (status) => {
    answer = { status, contentType: 'text/html', body: `<html><body><h1>${status}</h1></body></html>` };
    expect(await failureOf()).toMatchObject({ exitCode: ExitCode.unreachable, label: 'unreachable', message: expect.stringContaining(`HTTP ${status}`) });
  });

  it('an envelope refusal stays a refusal (exit code 1), 503 included', async () => {
    answer = {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statuscode: '503.2', description: 'Busy', result: 'All sandboxes are busy.' }),
    };
    expect(await failureOf()).toMatchObject({ exitCode: ExitCode.refused, label: '503.2' });
    answer = { status: 500, contentType: 'text/html', body: '<html>oops</html>' };
    expect(await failureOf()).toMatchObject({ exitCode: ExitCode.refused, label: 'HTTP 500' });
  });
});
