import { join } from 'node:path';
import { ROOT, spawnNode, waitForOutput, type Proc } from './processes.js';

export const WORKER_MAIN = join(ROOT, 'apps/worker/dist/main.js');

/** `node apps/worker/dist/main.js` (as apps/worker's README starts it): polls the shared database for outbox jobs. */
export const startWorker = async (name: string, databaseUrl: string, publicUrl: string, env: Record<string, string> = {}): Promise<Proc> => {
  const proc = spawnNode(name, WORKER_MAIN, {
    ASSAY_DATABASE_URL: databaseUrl,
    ASSAY_PUBLIC_URL: publicUrl,
    ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
    ASSAY_WORKER_ID: name,
    ...env,
  });
  await waitForOutput(proc, /worker started/);
  return proc;
};
