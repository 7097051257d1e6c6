import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileAnswer {
  status: number;
  contentType?: string;
  /** An envelope (JSON) or any text, as a server or a proxy in front of it might send. */
  body: unknown;
}

export interface HostileServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A real local HTTP server that answers by path (the first route whose key the path starts with), else with
 * `fallback`: a server, or something pretending to be one, that puts what it likes in its messages and URLs.
 */
export const startHostileServer = async (routes: Record<string, HostileAnswer>, fallback: HostileAnswer): Promise<HostileServer> => {
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const answer = Object.entries(routes).find(([prefix]) => path.startsWith(prefix))?.[1] ?? fallback;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The v2 envelope of a success. */
export const succeeded = (result: unknown): HostileAnswer => ({ status: 200, body: { statuscode: '200.1', description: 'Success', result } });

/** The v2 envelope of a refusal whose message is `message`. */
export const refused = (status: number, statuscode: string, message: string): HostileAnswer => ({
  status,
  body: { statuscode, description: 'Refused', result: message },
});
