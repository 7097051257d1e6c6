import { closeDeliveryAgents, nextRetryDelayMs } from '@assay/delivery';
import type { Store } from '@assay/store';
import { createMailer, type Mailer } from './email/mailer.js';
import { callbackHandler } from './handlers/callback.js';
import { emailHandler } from './handlers/email.js';
import { OutboxWorker, type Logger } from './outbox-worker.js';
import { REPORT_URL_KEY_SETTING, newReportUrlKey } from './report-url.js';

export interface WorkerSettings {
  publicUrl: string;
  allowPrivateCallbacks: boolean;
  smtpUrl?: string | undefined;
  outboxDir: string;
  mailFrom: string;
}

export interface AssembledWorker {
  worker: OutboxWorker;
  mailer: Mailer;
  close(): Promise<void>;
}

/** Wires the outbox worker: callback and email handlers, the retry schedule, the shared report-URL key. */
export const assembleWorker = (
  store: Store,
  settings: WorkerSettings,
  log: Logger,
  options: {
    now?: () => number;
    random?: () => number;
    workerId?: string;
    pollMs?: number;
    leaseMs?: number;
    mailer?: Mailer;
    deliveryTimeoutMs?: number;
  } = {},
): AssembledWorker => {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const mailer = options.mailer ?? createMailer({ smtpUrl: settings.smtpUrl, outboxDir: settings.outboxDir, from: settings.mailFrom });
  const reportUrlKey = () => store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
  const worker = new OutboxWorker({
    store,
    log,
    now,
    handlers: {
      callback: callbackHandler({
        store,
        publicUrl: settings.publicUrl,
        reportUrlKey,
        allowPrivate: settings.allowPrivateCallbacks,
        now,
        ...(options.deliveryTimeoutMs === undefined ? {} : { timeoutMs: options.deliveryTimeoutMs }),
      }),
      email: emailHandler({ store, mailer, publicUrl: settings.publicUrl, reportUrlKey, now }),
    },
    retryDelay: (failedAttempts, retryAfterMs) => nextRetryDelayMs(failedAttempts, random, retryAfterMs),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  return {
    worker,
    mailer,
    close: async () => {
      await worker.stop();
      mailer.close();
      await closeDeliveryAgents();
    },
  };
};
