import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { buildIfStale as buildAll } from '../../../../scripts/build-if-stale.js';

/** Builds the server, the worker and everything they load, when stale. */
export const buildIfStale = (): string[] => buildAll('@assay/server', '@assay/worker');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
