import { assembleWorker } from '@assay/jobs';
import { silentLog } from './receiver.js';
import type { Harness } from './test-app.js';

/**
 * One pass of a fresh worker over the outbox, mailing through `smtpUrl` (a real SMTP peer) and writing `outboxDir`;
 * `sweeps`: the reminder sweep first, as `assay-worker` runs it. `now`: the suite's clock, when it moves one.
 */
export async function drainOutbox(h: Harness, smtpUrl: string, outboxDir: string, { now, sweeps = false }: { now?: () => number; sweeps?: boolean } = {}) {
  const worker = assembleWorker(h.store, { ...h.config, smtpUrl, outboxDir }, silentLog, now ? { now } : undefined);
  try {
    await (sweeps ? worker.drain() : worker.worker.drain());
  } finally {
    await worker.close();
  }
}
