// Isolated runs per second per language straight on @assay/sandbox, no server: the sandbox's own bench
// (packages/sandbox/bench/isolated-runs.mjs: 2 worker threads, 8 callers, small functions of 5 test calls, every run
// with code of its own), run in a process of its own. Targets: issue 28's Python ≥ 300 runs/s on 2 cores.
import { runInOwnProcess } from './own-process.mjs';

const SCRIPT = new URL('../../packages/sandbox/bench/isolated-runs.mjs', import.meta.url);

export const isolatedRunRows = async ({ quick = false } = {}) => {
  const { TARGETS } = await import(SCRIPT.href);
  const figures = await runInOwnProcess(SCRIPT, { seconds: quick ? 3 : 10 });
  const resets = figures.stats;
  const notes = {
    Python: `reset after each run: mean ${(resets.pythonResetMsTotal / resets.pythonResets).toFixed(1)} ms`,
    JavaScript: `QuickJS memory put back after each run: mean ${(resets.javascriptResetMsTotal / resets.javascriptResets).toFixed(2)} ms`,
  };
  return Object.entries(figures.runsPerSecond).map(([name, perSecond]) => ({
    scenario: `isolated runs/s on 2 workers, ${name} (5 cases)`,
    value: perSecond,
    unit: 'runs/s',
    ...(TARGETS[name] === undefined ? {} : { target: `≥ ${TARGETS[name]} runs/s`, pass: perSecond >= TARGETS[name] }),
    note: name.startsWith('Python') ? notes.Python : notes.JavaScript,
  }));
};
