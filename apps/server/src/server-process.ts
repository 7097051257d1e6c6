import closeWithGrace from 'close-with-grace';
import { fileURLToPath } from 'node:url';
import { openStore } from '@assay/store';
import { assembleWorker, languagesBanner, runnableLanguages, SCORES_PER_SANDBOX_WORKER } from '@assay/jobs';
import { DEFAULT_WORKERS } from '@assay/sandbox';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, startDirectory, withAbsolutePaths, type Config } from '@assay/config';
import { demoBanner, readExampleTests, seedDemo } from './seed.js';
import { leaveStartUpMode } from './start-up-mode.js';
import { startIdleCollector } from './memory/idle-collector.js';
import { bufferedStdout } from './logging/buffered-stdout.js';

const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/tests/', import.meta.url));

const start = async (config: Config): Promise<void> => {
  const store = await openStore(config.databaseUrl, { busyTimeoutMs: config.databaseBusyTimeoutMs });
  const logs = bufferedStdout(config.logBufferBytes);
  const app = await buildApp({ config, store, logger: { level: config.logLevel, stream: logs } });

  const seeded = config.seedDemo && store.dialect === 'sqlite' ? await seedDemo(store, await readExampleTests(EXAMPLES_DIR), Date.now()) : undefined;

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
        ...(config.worker.id ? { workerId: config.worker.id } : {}),
      })
    : undefined;
  if (worker) app.assay.metrics?.watchWorker(worker.worker);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await worker?.close();
    await app.close();
    await store.close();
    logs.flushSync();
  });

  await app.listen({ port: config.port, host: config.host });
  leaveStartUpMode();
  // What was logged while starting comes before the banner.
  logs.flushSync();
  // Memory a burst of requests or an export leaves behind goes back once the server is quiet (memory/idle-collector.ts).
  startIdleCollector({ onSettle: () => store.releaseMemory() });
  process.stdout.write(`\nAssay is listening on ${config.publicUrl} (API reference: ${config.publicUrl}/docs)\n`);
  process.stdout.write(`Database: ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}\n`);
  process.stdout.write(`${languagesBanner(app.assay.languages)}\n`);
  if (worker) {
    worker.start();
    process.stdout.write(
      worker.mailer.mode === 'files'
        ? `Stakeholder emails are written as .eml files to ${config.outboxDir} (set ASSAY_SMTP_URL to send them).\n`
        : 'Stakeholder emails go out through ASSAY_SMTP_URL.\n',
    );
  }
  if (seeded) process.stdout.write(`${demoBanner(config.publicUrl, seeded)}\n`);
};

try {
  await start(withAbsolutePaths(loadConfig(process.env), startDirectory()));
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Assay could not start: ${String(error)}`}\n`);
  process.exit(1);
}
