import { type AddressInfo, Socket, connect, createServer } from 'node:net';
import { once } from 'node:events';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type WriteDown, coalesceWrites } from './coalesced-writes.js';

const realWritev = Socket.prototype._writev as WriteDown;

/** The socket's own writev, counted. */
const countingWritev = () => {
  const counter = {
    calls: 0,
    writeDown: function (this: Socket, chunks, callback) {
      counter.calls += 1;
      realWritev.call(this, chunks, callback);
    } as WriteDown,
  };
  return counter;
};

/** Everything the server sends until it closes the connection (or `until` says enough). */
const readAll = async (socket: Socket, until: (text: string) => boolean = () => false): Promise<string> => {
  let text = '';
  socket.setEncoding('latin1');
  for await (const chunk of socket) {
    text += chunk as string;
    if (until(text)) break;
  }
  return text;
};

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const listening = async (app: ReturnType<typeof Fastify>) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return (app.server.address() as AddressInfo).port;
};

describe('coalesced socket writes', () => {
  it('sends ten pipelined answers of one turn in one writev, whole and in order', async () => {
    const counter = countingWritev();
    const app = Fastify();
    app.get('/n/:n', async (request) => ({ n: Number((request.params as { n: string }).n) }));
    app.server.on('connection', (socket: Socket) => coalesceWrites(socket, counter.writeDown));
    const port = await listening(app);

    const client = connect(port, '127.0.0.1');
    await once(client, 'connect');
    client.write(Array.from({ length: 10 }, (_, n) => `GET /n/${n} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
    const text = await readAll(client, (received) => received.includes('{"n":9}'));
    client.destroy();

    expect(text.match(/\{"n":\d\}/g)).toEqual(Array.from({ length: 10 }, (_, n) => `{"n":${n}}`));
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(10);
    expect(counter.calls).toBe(1);
  });

  it('pushes back on a writer of one small string per turn while the reader is slow, and delivers every byte', async () => {
    const chunk = 'a'.repeat(1024);
    let written = 0;
    let pushedBack = false;
    const server = createServer((socket) => {
      coalesceWrites(socket);
      const writeOnePerTurn = (): void => {
        written += chunk.length;
        if (written >= 256 * 1024 * 1024) {
          socket.end();
        } else if (socket.write(chunk)) {
          setImmediate(writeOnePerTurn);
        } else {
          pushedBack = true;
          socket.once('drain', () => socket.end());
        }
      };
      writeOnePerTurn();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => new Promise((resolve) => server.close(resolve)));

    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Acknowledging every held write would let the writer fill memory as fast as it can loop.
    expect(pushedBack).toBe(true);
    expect(written).toBeLessThan(32 * 1024 * 1024);
    client.resume();
    const received = await readAll(client);
    expect(received.length).toBe(written);
    expect(/^a+$/.test(received)).toBe(true);
  });

  it('sends what was written just before end() or destroy(), and a buffer as it was when written', async () => {
    const server = createServer((socket) => {
      coalesceWrites(socket);
      const buffer = Buffer.from('first;');
      socket.write(buffer, () => buffer.fill('x'));
      // Later, in a turn of its own: the first write has been acknowledged (and its buffer reused) by then.
      setTimeout(() => {
        if (socket.remotePort! % 2 === 0) {
          socket.write('destroyed');
          socket.destroy();
        } else socket.end('ended');
      }, 20);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const { port } = server.address() as AddressInfo;

    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = connect(port, '127.0.0.1');
        await once(client, 'connect');
        const last = client.localPort! % 2 === 0 ? 'destroyed' : 'ended';
        return { expected: `first;${last}`, received: await readAll(client) };
      }),
    );
    for (const { expected, received } of answers) expect(received).toBe(expected);
  });
});
