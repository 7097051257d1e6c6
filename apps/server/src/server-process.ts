import closeWithGrace from 'close-with-grace';
import { fileURLToPath } from 'node:url';
import { DatabaseStartError, NewerSchemaError, openServiceStore } from '@assay/store';
import pino from 'pino';
import { assembleWorker, languagesBanner, outboxDirProblem, runnableLanguages, SCORES_PER_SANDBOX_WORKER } from '@assay/jobs';
import { DEFAULT_WORKERS } from '@assay/sandbox';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, startDirectory, withAbsolutePaths, type Config } from '@assay/config';
import { demoBanner, readExampleTests, seedDemo } from './seed.js';
import { leaveStartUpMode } from './start-up-mode.js';
import { startIdleCollector } from './memory/idle-collector.js';
import { bufferedStdout } from './logging/buffered-stdout.js';
import { SCHEMA_CHECK_INTERVAL_MS } from './plugins/newer-schema.js';
import { firstOrgHint, listenFailure, listeningLine, modelBanner, ownUrl, warmingLine } from './start-up-notes.js';
import type { LanguageId } from '@assay/domain/languages';
import { NO_MODEL_READINESS } from './ai/model-status.js';

/** The longest the banner waits to say whether the model answers (a probe of ASSAY_AI_BASE_URL). */
const MODEL_BANNER_WAIT_MS = 3_000;

const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/tests/', import.meta.url));

/** A start-up failure that says what to change: printed as it is, without a stack. */
class StartUpError extends Error {}

const start = async (config: Config): Promise<void> => {
  const logs = bufferedStdout(config.logBufferBytes);
  const startLog = pino({ level: config.logLevel }, logs);
  const store = await openServiceStore(config.databaseUrl, 'ASSAY_DATABASE_URL', {
    busyTimeoutMs: config.databaseBusyTimeoutMs,
    migrationLog: (message, fields) => (fields.creating === true ? startLog.debug(fields, message) : startLog.info(fields, message)),
  }).finally(() => logs.flushSync());
  // Emails written as files by this process's worker: a folder it cannot write is a start-up fault (decision 862).
  const outboxProblem = config.runWorker && !config.smtpUrl ? outboxDirProblem(config.outboxDir) : undefined;
  if (outboxProblem) {
    await store.close();
    throw new StartUpError(`Assay could not start: ${outboxProblem}`);
  }
  const app = await buildApp({ config, store, logger: { level: config.logLevel, stream: logs } });

  // One command starts everything: the outbox worker runs in this process unless ASSAY_RUN_WORKER=false
  // (then run `assay-worker` processes beside the servers, sharing a PostgreSQL database).
  const worker = config.runWorker
    ? assembleWorker(store, config, app.log, {
        codeRunner: app.assay.runner,
        runs: runnableLanguages(app.assay.languages),
        scoreConcurrency: SCORES_PER_SANDBOX_WORKER * (config.sandbox.serverWorkers ?? DEFAULT_WORKERS),
        scoringBudget: config.scoringBudget,
        pollMs: config.worker.pollMs,
        leaseMs: config.worker.leaseMs,
        batchSize: config.worker.batchSize,
        emailHealth: app.assay.email,
        ...(config.worker.id ? { workerId: config.worker.id } : {}),
      })
    : undefined;
  if (worker) app.assay.metrics?.watchWorker(worker.worker);

  let stoppingForNewerSchema = false;
  const grace = closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await worker?.close();
    await app.close();
    await store.close();
    logs.flushSync();
    // Not a clean stop: an orchestrator's restart-on-failure starts the new build in this one's place (decision 858).
    if (stoppingForNewerSchema) process.exit(1);
  });

  // Listening before the demo org is seeded: on a taken port nothing is created, so the next start seeds and shows
  // its one-time key (decision 861).
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = listenFailure(error, config);
    grace.uninstall();
    await worker?.close();
    await app.close();
    await store.close();
    throw reason ? new StartUpError(`Assay could not start: ${reason}.`) : error;
  }
  const seeded = config.seedDemo && store.dialect === 'sqlite' ? await seedDemo(store, await readExampleTests(EXAMPLES_DIR), Date.now()) : undefined;
  app.assay.schema.watch(SCHEMA_CHECK_INTERVAL_MS, () => {
    stoppingForNewerSchema = true;
    void grace.close();
  });
  leaveStartUpMode();
  // What was logged while starting comes before the banner.
  logs.flushSync();
  // Memory a burst of requests or an export leaves behind goes back once the server is quiet (memory/idle-collector.ts).
  startIdleCollector({ onSettle: () => store.releaseMemory() });
  process.stdout.write(`\n${listeningLine(ownUrl(config.host, app.server.address()), config.publicUrl)}\n`);
  process.stdout.write(`Database: ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}\n`);
  process.stdout.write(`${languagesBanner(app.assay.languages)}\n`);
  const warming = warmingLine(Object.keys(app.assay.runner.compilerWarmth?.() ?? {}) as LanguageId[]);
  if (warming) process.stdout.write(`${warming}\n`);
  const { model } = app.assay;
  const readiness = model ? await model.status.readiness(MODEL_BANNER_WAIT_MS) : NO_MODEL_READINESS;
  process.stdout.write(
    `${modelBanner(model && { name: model.connection.model, host: model.host, maxConcurrent: model.connection.maxConcurrent }, readiness)}\n`,
  );
  if (worker) {
    worker.start();
    process.stdout.write(
      worker.mailer.mode === 'files'
        ? `Stakeholder emails are written as .eml files to ${config.outboxDir} (set ASSAY_SMTP_URL to send them).\n`
        : 'Stakeholder emails go out through ASSAY_SMTP_URL.\n',
    );
  }
  if (seeded) process.stdout.write(`${demoBanner(config.publicUrl, seeded)}\n`);
  const hint = await firstOrgHint(store, config);
  if (hint) process.stdout.write(`${hint}\n`);
};

try {
  await start(withAbsolutePaths(loadConfig(process.env), startDirectory()));
} catch (error) {
  const said = error instanceof ConfigError || error instanceof StartUpError;
  const named = error instanceof DatabaseStartError || error instanceof NewerSchemaError;
  process.stderr.write(`${said ? error.message : named ? `Assay could not start: ${error.message}` : `Assay could not start: ${String(error)}`}\n`);
  process.exit(1);
}
