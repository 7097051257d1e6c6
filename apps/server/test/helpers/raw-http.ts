import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One HTTP answer as it came off the wire; header names in lower case. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Starts `app` listening on a free loopback port (the harness's close() stops it); answers the port. */
export const listenOnLoopback = async (app: FastifyInstance): Promise<number> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
};

/** Splits what a connection received into its answers (each body is Content-Length long). */
export const parseAnswers = (received: string): RawAnswer[] => {
  const answers: RawAnswer[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
};

/**
 * A connection to the server on `port` that sends bytes exactly as given (nothing a client library would
 * repair or refuse): `send` writes more, `answers` parses what came back so far, `closed` tells whether the
 * server ended the connection.
 */
export const rawConnection = async (port: number) => {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
  });
  return {
    send: (bytes: string) => void socket.write(bytes, 'latin1'),
    answers: () => parseAnswers(received),
    get closed() {
      return closed;
    },
    /** Waits until the server closed the connection, or `ms` passed. */
    closedWithin: async (ms: number): Promise<boolean> => {
      const until = Date.now() + ms;
      while (!closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      return closed;
    },
    destroy: () => socket.destroy(),
  };
};

/** Sends one request's bytes on a fresh connection; answers what came back once the server closed it (or after `ms`). */
export const exchange = async (port: number, bytes: string, ms = 2_000): Promise<{ answers: RawAnswer[]; closed: boolean }> => {
  const connection = await rawConnection(port);
  connection.send(bytes);
  const closed = await connection.closedWithin(ms);
  connection.destroy();
  return { answers: connection.answers(), closed };
};
