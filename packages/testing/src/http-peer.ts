import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface HttpPeer {
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** Every TCP connection accepted, whether or not a request followed: SSRF tests expect none. */
  readonly connections: () => number;
  /** Requests received in full, in order. */
  readonly requests: ReceivedRequest[];
  readonly close: () => Promise<void>;
}

/** Called once a request's body has arrived in full (and was recorded). */
export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A real HTTP server on 127.0.0.1 and an ephemeral port: the only kind of peer Assay's tests ever talk to. */
export const startHttpPeer = async (handler: Handler): Promise<HttpPeer> => {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, response, body);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A port on 127.0.0.1 that nothing listens on: bound, then released. */
export const closedPort = async (): Promise<number> => {
  const server = await startHttpPeer(() => undefined);
  await server.close();
  return server.port;
};
