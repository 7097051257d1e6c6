import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createClient } from '../../src/index.js';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What to do with a request: answer, drop the connection, or never answer. */
export type Script = (request: SeenRequest, index: number, response: ServerResponse) => Answer | Promise<Answer>;
export type Answer = { status: number; headers?: Record<string, string>; body?: string | Buffer } | 'destroy' | 'hang' | 'handled';

/** A v2-style JSON body. */
export const envelope = (statuscode: string, result: unknown, description = statuscode === '200.1' ? 'Request succeeded' : 'Refused') =>
  JSON.stringify({ statuscode, description, result });

export const ok = (result: unknown, headers: Record<string, string> = {}): Answer => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: envelope('200.1', result),
});

export const refuse = (statuscode: string, message: string, headers: Record<string, string> = {}): Answer => ({
  status: Number(statuscode.split('.')[0]),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: envelope(statuscode, message),
});

/** A real HTTP server on 127.0.0.1 that answers from a script and records every request. */
export const startScriptedServer = async (script: Script) => {
  const requests: SeenRequest[] = [];
  let current = script;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const seen = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(seen);
      const answer = await current(seen, requests.length - 1, response);
      if (answer === 'hang' || answer === 'handled') return;
      if (answer === 'destroy') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (next: Script) => {
      current = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

/**
 * A scripted server for the describe block it is called in (started before its tests, closed after), and a
 * client of it that never retries: `server()` to script and inspect, `client()` to call.
 */
export const useScriptedServer = (first: Script = () => ok(null)) => {
  let server: ScriptedServer | undefined;
  beforeAll(async () => {
    server = await startScriptedServer(first);
  });
  afterAll(() => server?.close());
  const running = (): ScriptedServer => {
    if (!server) throw new Error('the scripted server starts before the tests');
    return server;
  };
  return { server: running, client: () => createClient({ baseUrl: running().baseUrl, apiKey: 'k', retries: 0 }) };
};
