// Isolated Python runs per second through @assay/sandbox (built: `pnpm --filter @assay/sandbox build` first), with
// 2 worker threads, for two small interview functions of 5 test calls each; plus the cold start, the first run
// on a new worker, the reset after each run, a killed run's recovery, and resident memory. Every run is isolated:
// the interpreter is reset in place after it. `node packages/sandbox/bench/python-throughput.mjs`
// (SECONDS=10 per workload by default; CHECK=1 exits non-zero below the 300 runs/s target).
import { TARGETS } from './isolated-runs.mjs';
import { runsPerSecond, WORKLOADS } from './workloads.mjs';

const { Sandbox } = await import(new URL('../dist/index.js', import.meta.url).href);

const seconds = Number(process.env.SECONDS ?? 10);
const inFlight = Number(process.env.IN_FLIGHT ?? 8);
const PYTHON = Object.entries(WORKLOADS).filter(([name]) => TARGETS[name] !== undefined);
const COUNT_VOWELS = WORKLOADS['Python, count vowels'].request;

const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const timed = async (sandbox, request) => {
  const started = performance.now();
  const { results } = await sandbox.run(request);
  return { ms: performance.now() - started, passed: results.every((result) => result.passed), results };
};
const until = async (predicate, timeoutMs) => {
  const end = Date.now() + timeoutMs;
  while (!predicate() && Date.now() < end) await sleep(50);
  return predicate();
};

const figures = {};
const baseRss = rssMb();

// Cold: the first interpreter of the process starts from nothing and makes the snapshot later ones start from.
const cold = new Sandbox({ workers: 1 });
figures.coldRunMs = (await timed(cold, COUNT_VOWELS)).ms;
await cold.close();
// A new worker (the snapshot exists): an interpreter started from it before the first run.
const fresh = new Sandbox({ workers: 1 });
figures.firstRunOnNewWorkerMs = (await timed(fresh, COUNT_VOWELS)).ms;
figures.secondRunMs = (await timed(fresh, COUNT_VOWELS)).ms;
await fresh.close();

const sandbox = new Sandbox({ workers: 2, maxQueued: 64, prewarm: ['python'] });
sandbox.warmUp('candidate');
// Two workers and the standby.
if (!(await until(() => sandbox.stats().pythonStarts >= 3, 120_000))) throw new Error('python-throughput: the interpreters did not start');
figures.interpreterStartMsMax = sandbox.stats().pythonStartMsMax;
await sleep(1000);
figures.idleRssMb = rssMb() - baseRss;

figures.runsPerSecond = {};
for (const [name, workload] of PYTHON) {
  const { perSecond, failed } = await runsPerSecond(sandbox, workload, { seconds, inFlight });
  if (failed > 0) throw new Error(`python-throughput: ${failed} runs of ${name} did not pass`);
  figures.runsPerSecond[name] = Math.round(perSecond);
}
const stats = sandbox.stats();
figures.resetMsMean = stats.pythonResetMsTotal / stats.pythonResets;
figures.resetMsMax = stats.pythonResetMsMax;
figures.busyRssMb = rssMb() - baseRss;

// An interrupted run (a busy loop stopped at its CPU limit): its interpreter is reset and reused.
const loop = { language: 'python', functionName: 'f', code: 'def f():\n    while True:\n        pass\n', cases: [{ args: [], expected: null }] };
await timed(sandbox, loop);
figures.runAfterInterruptMs = (await timed(sandbox, COUNT_VOWELS)).ms;
// A killed run (the interrupt swallowed: the worker is terminated at the wall clock): the standby takes over.
const swallow = { ...loop, code: 'def f():\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass\n' };
const killedAt = sandbox.stats();
await timed(sandbox, swallow);
// Both slots at once: one of them is the replacement.
const afterKill = await Promise.all([timed(sandbox, COUNT_VOWELS), timed(sandbox, COUNT_VOWELS)]);
figures.runAfterKillMs = Math.max(...afterKill.map((run) => run.ms));
figures.coldStartsAfterKill = sandbox.stats().pythonColdStarts - killedAt.pythonColdStarts;
figures.standbyPromotions = sandbox.stats().standbyPromotions - killedAt.standbyPromotions;
await sandbox.close();

const round = (value) => Math.round(value * 10) / 10;
console.log(`Python through @assay/sandbox: 2 worker threads, ${inFlight} callers, ${seconds} s per workload`);
for (const [name, perSecond] of Object.entries(figures.runsPerSecond)) {
  console.log(`  isolated runs/s, ${name} (5 cases each): ${perSecond}  (target ${TARGETS[name]})`);
}
console.log(`  cold run (no snapshot in the process):      ${round(figures.coldRunMs)} ms`);
console.log(`  first run on a new worker (snapshot made):  ${round(figures.firstRunOnNewWorkerMs)} ms, the next: ${round(figures.secondRunMs)} ms`);
console.log(`  interpreter start, slowest of 3:            ${round(figures.interpreterStartMsMax)} ms`);
console.log(`  reset after a run: mean ${round(figures.resetMsMean)} ms, max ${round(figures.resetMsMax)} ms`);
console.log(`  run right after an interrupted one:         ${round(figures.runAfterInterruptMs)} ms`);
console.log(
  `  two runs right after a killed one, slowest: ${round(figures.runAfterKillMs)} ms (standby promotions ${figures.standbyPromotions}, cold starts ${figures.coldStartsAfterKill})`,
);
console.log(`  RSS: idle with 3 warm workers +${figures.idleRssMb} MB, after the load +${figures.busyRssMb} MB`);
if (process.env.CHECK && Object.entries(figures.runsPerSecond).some(([name, perSecond]) => perSecond < TARGETS[name])) process.exitCode = 1;
