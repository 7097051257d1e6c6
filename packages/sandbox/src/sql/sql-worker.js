// The worker thread of one SQL dialect: loads its engine, then runs one case per message. A runaway query is
// stopped by the engine terminating this thread (decision 743), so nothing here needs to be interruptible.
import { parentPort, workerData } from 'node:worker_threads';

/** @typedef {import('./sql-worker-protocol.js').SqlCaseJob} SqlCaseJob */

const port = parentPort;
if (!port) throw new Error('sql-worker.js runs on a worker thread');

/** @type {'sqlite' | 'postgresql'} */
const dialect = workerData.dialect;

try {
  const backend =
    dialect === 'sqlite'
      ? await import('./sqlite-backend.js').then((module) => module.createSqliteBackend())
      : await import('./pglite-backend.js').then((module) => module.createPgliteBackend());
  port.on('message', async (/** @type {{ id: number, job: SqlCaseJob }} */ message) => {
    // The question's setup is timed apart from the candidate's query (decision 1084): say when the query begins.
    const result = await backend.runCase(message.job, () => port.postMessage({ type: 'query', id: message.id }));
    const { pristine = true, ...outcome } = /** @type {import('./sql-worker-protocol.js').SqlJobOutcome & { pristine?: boolean }} */ (result);
    port.postMessage({ type: 'done', id: message.id, outcome, pristine });
  });
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
