import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: `stop` closes its port (new connections are refused) and
 * drops every connection through it, as a database that stopped or restarted would; `start` opens the same port again;
 * `close` stops it for good.
 */
export const startPgProxy = async (pgUrl: string) => {
  const target = new URL(pgUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(pgUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    if (!server?.listening) return;
    const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
  };
  return { url: url.toString(), stop, start: listen, close: stop };
};
