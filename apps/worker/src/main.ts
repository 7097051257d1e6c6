#!/usr/bin/env node
import { ConfigError, loadConfig, startDirectory, withAbsolutePaths } from '@assay/config';
import { assembleWorker, languagesBanner, outboxDirProblem, runnableLanguages, type Logger } from '@assay/jobs';
import { DatabaseStartError, NewerSchemaError, openServiceStore } from '@assay/store';
import pino from 'pino';

/** A worker process of its own, for scale-out on PostgreSQL: any number share the database with the servers. */
let config: ReturnType<typeof loadConfig>;
try {
  config = withAbsolutePaths(loadConfig(process.env), startDirectory());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Invalid worker configuration: ${String(error)}`);
  process.exit(1);
}
// The server's log format (pino: a JSON line each, with `time` in epoch milliseconds, `level`, `pid` and `hostname`)
// at the same LOG_LEVEL, so one collector reads both and every line says when it happened (issue 59 item 9).
const log: Logger & pino.Logger = pino({ level: config.logLevel });
const outboxProblem = config.smtpUrl ? undefined : outboxDirProblem(config.outboxDir);
if (outboxProblem) {
  console.error(`assay-worker could not start: ${outboxProblem}`);
  process.exit(1);
}
let store: Awaited<ReturnType<typeof openServiceStore>>;
try {
  store = await openServiceStore(config.databaseUrl, 'ASSAY_DATABASE_URL', {
    busyTimeoutMs: config.databaseBusyTimeoutMs,
    // As the server logs them: a new database's steps at debug, under its summary line.
    migrationLog: (message, fields) => (fields.creating === true ? log.debug(fields, message) : log.info(fields, message)),
  });
} catch (error) {
  const named = error instanceof DatabaseStartError || error instanceof NewerSchemaError;
  console.error(`assay-worker could not start: ${named ? error.message : String(error)}`);
  process.exit(1);
}
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
  metrics.watchEmail(assembled.emailHealth);
  if (assembled.sandbox) metrics.watchSandbox(assembled.sandbox);
  try {
    const listener = await serveMetrics(metrics, { token, host: config.host, port: workerPort });
    log.info({ url: listener.url }, `metrics served at ${listener.url}`);
    return listener;
  } catch (error) {
    log.error({ err: error }, `could not serve metrics on HOST=${config.host} ASSAY_WORKER_METRICS_PORT=${workerPort}: ${String(error)}`);
    await assembled.close();
    await store.close();
    process.exit(1);
  }
}
// Which languages this worker scores, and how to enable the rest (what the server's banner says of its own).
if (assembled.languages) log.info({ languages: runnableLanguages(assembled.languages) }, languagesBanner(assembled.languages));

const shutdown = async (signal: string, exitCode = 0) => {
  clearInterval(schemaWatch);
  log.info({ signal }, 'worker stopping');
  await metricsListener?.close();
  await assembled.close();
  await store.close();
  process.exit(exitCode);
};
// A newer Assay migrated the database under this worker (a rolling upgrade): it stops, non-zero, so the new build
// is started in its place (decision 858).
const SCHEMA_CHECK_INTERVAL_MS = 5_000;
const schemaWatch = setInterval(async () => {
  const newer = await store.newerSchema().catch(() => undefined);
  if (!newer) return;
  clearInterval(schemaWatch);
  log.error({ migration: newer }, `database migrated by a newer Assay (migration ${newer}); stopping — start that version in this one's place`);
  await shutdown('newer-schema', 1);
}, SCHEMA_CHECK_INTERVAL_MS);
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
