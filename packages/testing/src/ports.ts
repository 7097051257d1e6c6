import { createServer, type AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago: bound to port 0, then released. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
