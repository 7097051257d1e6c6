#!/usr/bin/env node
import { ConfigError, loadConfig, startDirectory, withAbsolutePaths } from '@assay/config';
import { assembleWorker, languagesBanner, runnableLanguages, type Logger } from '@assay/jobs';
import { openStore } from '@assay/store';

/** A worker process of its own, for scale-out on PostgreSQL: any number share the database with the servers. */
const log: Logger = {
  info: (object, message) => console.log(JSON.stringify({ level: 'info', msg: message, ...object })),
  warn: (object, message) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...object })),
  error: (object, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...object })),
};

let config: ReturnType<typeof loadConfig>;
try {
  config = withAbsolutePaths(loadConfig(process.env), startDirectory());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Invalid worker configuration: ${String(error)}`);
  process.exit(1);
}
const store = await openStore(config.databaseUrl, { busyTimeoutMs: config.databaseBusyTimeoutMs });
const assembled = assembleWorker(store, config, log, {
  pollMs: config.worker.pollMs,
  leaseMs: config.worker.leaseMs,
  batchSize: config.worker.batchSize,
  sandboxWorkers: config.sandbox.workerWorkers,
  laneWeights: config.sandbox.laneWeights,
  scoringBudget: config.scoringBudget,
  prewarm: config.sandboxPrewarm,
  warmAtStart: config.sandboxWarmAtStart,
  languageSettings: config.sandbox,
  ...(config.worker.id ? { workerId: config.worker.id } : {}),
});
assembled.start();
log.info({ workerId: assembled.worker.workerId, mail: assembled.mailer.mode }, 'worker started');
// Its own /metrics listener, only with a port and a token (decision 868); prom-client is loaded only then.
const metricsListener = await serveWorkerMetrics();
async function serveWorkerMetrics() {
  const { token, workerPort } = config.metrics;
  if (token === undefined || workerPort === undefined) return undefined;
  const { ProcessMetrics, serveMetrics } = await import('@assay/jobs/metrics');
  const metrics = new ProcessMetrics({ store, role: 'worker' });
  metrics.watchWorker(assembled.worker);
  if (assembled.sandbox) metrics.watchSandbox(assembled.sandbox);
  try {
    const listener = await serveMetrics(metrics, { token, host: config.host, port: workerPort });
    log.info({ url: listener.url }, `metrics served at ${listener.url}`);
    return listener;
  } catch (error) {
    log.error({ err: String(error) }, `could not serve metrics on HOST=${config.host} ASSAY_WORKER_METRICS_PORT=${workerPort}: ${String(error)}`);
    await assembled.close();
    await store.close();
    process.exit(1);
  }
}
// Which languages this worker scores, and how to enable the rest (what the server's banner says of its own).
if (assembled.languages) log.info({ languages: runnableLanguages(assembled.languages) }, languagesBanner(assembled.languages));

const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker stopping');
  await metricsListener?.close();
  await assembled.close();
  await store.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
