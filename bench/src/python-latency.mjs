// Python run latency through @assay/sandbox (built): a cold run (no interpreter snapshot in the process yet), the first
// run on a new worker (the snapshot made), a warm sample run (the worker's interpreter ready, as when a candidate presses
// Run now and then: target < 300 ms) and runs back to back (each right after the one before: the interpreter is reset
// in place in between, no new one is needed), plus the idle memory a warm worker costs (ASSAY_SANDBOX_PREWARM).
// `node bench/src/python-latency.mjs` runs it alone; `pnpm bench` adds its rows to the table.
import { fileURLToPath } from 'node:url';

const SANDBOX = new URL('../../packages/sandbox/dist/index.js', import.meta.url);

/** A small function against three sample tests: what a candidate's "Run sample tests" sends. */
const SAMPLE = {
  language: 'python',
  functionName: 'two_sum',
  code: 'def two_sum(nums, target):\n    seen = {}\n    for i, n in enumerate(nums):\n        if target - n in seen:\n            return [seen[target - n], i]\n        seen[n] = i\n',
  cases: [
    { args: [[2, 7, 11, 15], 9], expected: [0, 1] },
    { args: [[3, 2, 4], 6], expected: [1, 2] },
    { args: [[3, 3], 6], expected: [0, 1] },
  ],
};

export const PYTHON_WARM_TARGET_MS = 300;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rssMb = () => process.memoryUsage.rss() / 2 ** 20;

const timedRun = async (sandbox) => {
  const started = performance.now();
  const { results } = await sandbox.run(SAMPLE);
  if (!results.every((result) => result.passed)) throw new Error(`python-latency: the sample did not pass: ${JSON.stringify(results)}`);
  return performance.now() - started;
};

/** @param {{ samples?: number }} options */
export async function pythonLatency({ samples = 10 } = {}) {
  const { Sandbox } = await import(SANDBOX.href);
  const baseRss = rssMb();

  // Cold: the first interpreter of the process starts from nothing and makes the snapshot later ones start from.
  const cold = new Sandbox({ workers: 1 });
  const coldMs = await timedRun(cold);
  await cold.close();

  // A new worker (the snapshot exists): what the first run after a worker was killed or started without prewarm costs.
  const fresh = new Sandbox({ workers: 1 });
  const firstOnNewWorkerMs = await timedRun(fresh);
  await fresh.close();

  // Warm: a prewarmed worker (and, once Python is used, the standby beside it) ready when the runs arrive.
  const before = rssMb();
  const warm = new Sandbox({ workers: 1, prewarm: ['python'] });
  warm.warmUp('candidate');
  for (const started = performance.now(); warm.stats().pythonStarts < 2; await sleep(100)) {
    if (performance.now() - started > 120_000) throw new Error('python-latency: the warm worker and the standby did not start');
  }
  await sleep(1000);
  // One warm worker and the standby, each with its interpreter: what each worker of a warm pool costs is half of it.
  const idleWarmRss = (rssMb() - before) / 2;
  const warmMs = [];
  for (let index = 0; index < samples; index += 1) {
    warmMs.push(await timedRun(warm));
    // A candidate presses Run now and then.
    await sleep(200);
  }
  const backToBackMs = [];
  for (let index = 0; index < Math.max(3, Math.floor(samples / 2)); index += 1) backToBackMs.push(await timedRun(warm));
  await warm.close();

  return {
    coldMs,
    firstOnNewWorkerMs,
    warmP50Ms: median(warmMs),
    backToBackP50Ms: median(backToBackMs),
    idleWarmWorkerRssMb: idleWarmRss,
    baseRssMb: baseRss,
  };
}

/** The rows `pnpm bench` prints. */
export const pythonRows = (figures) => [
  { scenario: 'Python: cold run (no snapshot in the process)', value: figures.coldMs, unit: 'ms' },
  { scenario: 'Python: first run on a new worker', value: figures.firstOnNewWorkerMs, unit: 'ms' },
  {
    scenario: 'Python: warm sample run, p50',
    value: figures.warmP50Ms,
    unit: 'ms',
    target: PYTHON_WARM_TARGET_MS,
    pass: figures.warmP50Ms < PYTHON_WARM_TARGET_MS,
  },
  { scenario: 'Python: runs back to back, p50', value: figures.backToBackP50Ms, unit: 'ms', note: 'the interpreter reset in place between two' },
  {
    scenario: 'Python: idle RSS per warm worker',
    value: figures.idleWarmWorkerRssMb,
    unit: 'MB',
    note: 'each sample-run worker and the standby, once Python is used',
  },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await pythonLatency({ samples: Number(process.env.SAMPLES ?? 10) });
  for (const row of pythonRows(figures))
    console.log(`${row.scenario.padEnd(48)} ${Math.round(row.value)} ${row.unit}${row.pass === false ? '  (target missed)' : ''}`);
}
