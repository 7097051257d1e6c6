import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Reply = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP receiver for callbacks on 127.0.0.1: records every request and answers from a script
 * (one reply per request, the last one repeating).
 */
export const startReceiver = async (script: Reply[] = [{ status: 200 }]) => {
  const received: Received[] = [];
  let replies = [...script];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      if (reply === 'hang') return;
      response.writeHead(reply.status, reply.headers ?? {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/assay`,
    port,
    received,
    script: (next: Reply[]) => {
      replies = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
