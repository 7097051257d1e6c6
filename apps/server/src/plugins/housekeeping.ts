import type { FastifyInstance } from 'fastify';
import type { Store } from '@assay/store';

const SWEEP_EVERY_MS = 60_000;

/** Forgets ended rate-limit windows, expired Idempotency-Keys and expired preview links; answers how many of each. */
export const sweepExpired = async (store: Store, now: number): Promise<{ rateLimitWindows: number; idempotencyKeys: number; testPreviews: number }> => ({
  rateLimitWindows: await store.rateLimits.deleteExpired(now),
  idempotencyKeys: await store.idempotencyKeys.deleteExpired(now),
  testPreviews: await store.testPreviews.deleteExpired(now),
});

/** Sweeps once a minute while the app runs. Every instance does; the deletes are idempotent and indexed. */
export const scheduleHousekeeping = (app: FastifyInstance, store: Store, now: () => number): void => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweepExpired(store, now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping expired rate-limit windows, idempotency keys and previews failed'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
