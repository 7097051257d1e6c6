// Isolated Python runs per second through @assay/sandbox (built: `pnpm --filter @assay/sandbox build` first), with
// 2 worker threads, for two small interview functions of 5 test calls each; plus the cold start, the first run
// on a new worker, the reset after each run, a killed run's recovery, and resident memory. Every run is isolated:
// the interpreter is reset in place after it. `node packages/sandbox/bench/python-throughput.mjs`
// (SECONDS=10 per workload by default; CHECK=1 exits non-zero below the 300 runs/s target).
const { Sandbox } = await import(new URL('../dist/index.js', import.meta.url).href);

const TARGET_RUNS_PER_SECOND = 300;
const seconds = Number(process.env.SECONDS ?? 10);
const inFlight = Number(process.env.IN_FLIGHT ?? 8);

const WORKLOADS = {
  'count vowels': {
    language: 'python',
    functionName: 'count_vowels',
    code: 'def count_vowels(s):\n    return sum(1 for c in s.lower() if c in "aeiou")\n',
    cases: [
      { args: ['Hello World'], expected: 3 },
      { args: ['AEIOU aeiou'], expected: 10 },
      { args: [''], expected: 0 },
      { args: ['rhythm'], expected: 0 },
      { args: ['Programming interviews'], expected: 7 },
    ],
  },
  'sort a list': {
    language: 'python',
    functionName: 'sort_list',
    code: 'def sort_list(numbers):\n    return sorted(numbers)\n',
    cases: [
      { args: [[3, 1, 2]], expected: [1, 2, 3] },
      { args: [[]], expected: [] },
      { args: [[5, -1, 5, 0]], expected: [-1, 0, 5, 5] },
      { args: [[9, 8, 7, 6, 5, 4, 3, 2, 1]], expected: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { args: [[1]], expected: [1] },
    ],
  },
};

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
figures.coldRunMs = (await timed(cold, WORKLOADS['count vowels'])).ms;
await cold.close();
// A new worker (the snapshot exists): an interpreter started from it before the first run.
const fresh = new Sandbox({ workers: 1 });
figures.firstRunOnNewWorkerMs = (await timed(fresh, WORKLOADS['count vowels'])).ms;
figures.secondRunMs = (await timed(fresh, WORKLOADS['count vowels'])).ms;
await fresh.close();

const sandbox = new Sandbox({ workers: 2, maxQueued: 64, prewarm: ['python'] });
sandbox.warmUp('candidate');
// Two workers and the standby.
if (!(await until(() => sandbox.stats().pythonStarts >= 3, 120_000))) throw new Error('python-throughput: the interpreters did not start');
figures.interpreterStartMsMax = sandbox.stats().pythonStartMsMax;
await sleep(1000);
figures.idleRssMb = rssMb() - baseRss;

figures.runsPerSecond = {};
for (const [name, request] of Object.entries(WORKLOADS)) {
  // A short warm-up, then as many runs as `inFlight` callers can make in `seconds`.
  for (let index = 0; index < 20; index += 1) await timed(sandbox, request);
  let done = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const { passed } = await timed(sandbox, request);
      if (passed) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, caller));
  const elapsed = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`python-throughput: ${failed} runs of ${name} did not pass`);
  figures.runsPerSecond[name] = Math.round(done / elapsed);
}
const stats = sandbox.stats();
figures.resetMsMean = stats.pythonResetMsTotal / stats.pythonResets;
figures.resetMsMax = stats.pythonResetMsMax;
figures.busyRssMb = rssMb() - baseRss;

// An interrupted run (a busy loop stopped at its CPU limit): its interpreter is reset and reused.
const loop = { language: 'python', functionName: 'f', code: 'def f():\n    while True:\n        pass\n', cases: [{ args: [], expected: null }] };
await timed(sandbox, loop);
figures.runAfterInterruptMs = (await timed(sandbox, WORKLOADS['count vowels'])).ms;
// A killed run (the interrupt swallowed: the worker is terminated at the wall clock): the standby takes over.
const swallow = { ...loop, code: 'def f():\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass\n' };
const killedAt = sandbox.stats();
await timed(sandbox, swallow);
// Both slots at once: one of them is the replacement.
const afterKill = await Promise.all([timed(sandbox, WORKLOADS['count vowels']), timed(sandbox, WORKLOADS['count vowels'])]);
figures.runAfterKillMs = Math.max(...afterKill.map((run) => run.ms));
figures.coldStartsAfterKill = sandbox.stats().pythonColdStarts - killedAt.pythonColdStarts;
figures.standbyPromotions = sandbox.stats().standbyPromotions - killedAt.standbyPromotions;
await sandbox.close();

const round = (value) => Math.round(value * 10) / 10;
console.log(`Python through @assay/sandbox: 2 worker threads, ${inFlight} callers, ${seconds} s per workload`);
for (const [name, perSecond] of Object.entries(figures.runsPerSecond)) {
  console.log(`  isolated runs/s, ${name} (5 cases each): ${perSecond}  (target ${TARGET_RUNS_PER_SECOND})`);
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
if (process.env.CHECK && Object.values(figures.runsPerSecond).some((perSecond) => perSecond < TARGET_RUNS_PER_SECOND)) process.exitCode = 1;
