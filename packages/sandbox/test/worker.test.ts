import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { wasmMemoryMaxBytes } from '../src/limits.js';
import { STATUS_SLOTS, type CaseReport, type RunMessage, type WorkerData, type WorkerMessage } from '../src/protocol.js';
import { WORKER_URL } from '../src/worker-slot.js';

const MiB = 1024 * 1024;

/** Runs worker.js directly, with a thread stack of our choosing, and collects its reports for one run. */
async function runOnWorker(stackSizeMb: number, run: Omit<RunMessage, 'type' | 'runId' | 'limits' | 'engine'>, stackBytes: number) {
  const worker = new Worker(WORKER_URL, {
    workerData: {
      status: new SharedArrayBuffer(STATUS_SLOTS * 4),
      pythonSnapshot: undefined,
      prewarm: [],
      pythonMemoryGrowthBytes: 128 * MiB,
    } satisfies WorkerData,
    resourceLimits: { stackSizeMb },
  });
  try {
    const reports: CaseReport[] = [];
    const done = new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'case') reports[message.index] = message.report;
        if (message.type === 'done') resolve();
      });
    });
    const [ready] = (await once(worker, 'message')) as [WorkerMessage];
    expect(ready).toEqual({ type: 'ready' });
    const message: RunMessage = {
      type: 'run',
      runId: 1,
      engine: 'javascript',
      ...run,
      limits: {
        memoryBytes: 32 * MiB,
        wasmMemoryMaxBytes: wasmMemoryMaxBytes(32 * MiB),
        stackBytes,
        cpuMsPerCase: 5000,
        maxOutputBytes: 65536,
        maxLogBytes: 4096,
      },
    };
    worker.postMessage(message);
    await done;
    return reports;
  } finally {
    await worker.terminate();
  }
}

describe('worker.js', () => {
  it('recovers when the host stack overflows before QuickJS notices, with a fresh WASM instance', async () => {
    // A 2 MiB QuickJS stack on a 2 MiB thread: V8's own stack runs out inside the WASM first. That throws on
    // the host and leaves the QuickJS instance unusable; the worker must report it and start a new one.
    const reports = await runOnWorker(
      2,
      {
        code: 'function f(n) { return n > 0 ? f(n + 1) + 1 : n; }',
        functionName: 'f',
        argsJson: ['[1]', '[-4]', '[1]', '[0]'],
      },
      2 * MiB,
    );
    expect(reports).toEqual([
      { kind: 'error', message: 'RangeError: Maximum call stack size exceeded' },
      { kind: 'value', json: '-4' },
      { kind: 'error', message: 'RangeError: Maximum call stack size exceeded' },
      { kind: 'value', json: '0' },
    ]);
  });

  it('reports QuickJS stack overflow itself when the thread stack is large enough', async () => {
    const reports = await runOnWorker(64, { code: 'function f(n) { return f(n + 1) + 1; }', functionName: 'f', argsJson: ['[0]'] }, 2 * MiB);
    expect(reports).toMatchObject([{ kind: 'error', message: 'InternalError: stack overflow' }]);
  });
});
