// Isolated runs per second through @assay/sandbox (built: `pnpm --filter @assay/sandbox build` first), per language,
// with 2 candidate worker threads and 8 callers: Python (its interpreter reset after every run), JavaScript and
// TypeScript (QuickJS, its memory put back after every run). Every run is another candidate's: its own code, nothing
// of an earlier run visible. `node packages/sandbox/bench/isolated-runs.mjs` (SECONDS=10 per workload;
// CHECK=1 exits non-zero below a target). `pnpm bench` runs it in a process of its own and shows its rows.
import { fileURLToPath } from 'node:url';
import { runsPerSecond, WORKLOADS } from './workloads.mjs';

/** Runs a second each workload must reach (issue 28: Python ≥ 300 on 2 cores). */
export const TARGETS = { 'Python, count vowels': 300, 'Python, sort a list': 300 };

export const isolatedRuns = async ({ seconds = 10, inFlight = 8, workers = 2 } = {}) => {
  const { Sandbox } = await import(new URL('../dist/index.js', import.meta.url).href);
  const sandbox = new Sandbox({ workers, maxQueued: 64, prewarm: ['python'] });
  try {
    sandbox.warmUp('candidate');
    const figures = {};
    for (const [name, workload] of Object.entries(WORKLOADS)) {
      const { perSecond, failed } = await runsPerSecond(sandbox, workload, { seconds, inFlight });
      if (failed > 0) throw new Error(`isolated-runs: ${failed} runs of ${name} did not pass`);
      figures[name] = perSecond;
    }
    return { workers, inFlight, seconds, runsPerSecond: figures, stats: sandbox.stats() };
  } finally {
    await sandbox.close();
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // With a JSON argument (`pnpm bench` runs it so, in a process of its own): those options, one JSON line out.
  const plan = process.argv[2] ? JSON.parse(process.argv[2]) : undefined;
  const figures = await isolatedRuns(plan ?? { seconds: Number(process.env.SECONDS ?? 10) });
  if (plan) console.log(JSON.stringify(figures));
  else {
    console.log(`Isolated runs through @assay/sandbox: ${figures.workers} worker threads, ${figures.inFlight} callers, ${figures.seconds} s each`);
    for (const [name, perSecond] of Object.entries(figures.runsPerSecond)) {
      console.log(`  ${name} (5 cases): ${Math.round(perSecond)} runs/s${TARGETS[name] ? `  (target ${TARGETS[name]})` : ''}`);
    }
  }
  if (process.env.CHECK && Object.entries(TARGETS).some(([name, target]) => figures.runsPerSecond[name] < target)) process.exitCode = 1;
}
