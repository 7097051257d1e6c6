// Isolated SQL queries per second per dialect straight on @assay/sandbox's SQL engines, no server: the sandbox's own
// bench (packages/sandbox/bench/sql-queries.mjs: 2 engines, 4 callers, a 1,000-row seed, each query on a pristine
// database), run in a process of its own. Target: issue 49's SQL ≥ 100 isolated queries/s on 2 cores.
import { runInOwnProcess } from './own-process.mjs';

const SCRIPT = new URL('../../packages/sandbox/bench/sql-queries.mjs', import.meta.url);

export const sqlQueryRows = async ({ quick = false } = {}) => {
  const { TARGETS } = await import(SCRIPT.href);
  const result = await runInOwnProcess(SCRIPT, { seconds: quick ? 2 : 5 });
  return Object.entries(result.figures).map(([dialect, figure]) => {
    const { floor, seed, query } = figure.msPerQuery;
    return {
      scenario: `isolated SQL queries/s on 2 engines, ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (1,000-row seed)`,
      value: figure.perSecond,
      unit: 'queries/s',
      target: `≥ ${TARGETS[dialect]} queries/s`,
      pass: figure.perSecond >= TARGETS[dialect],
      note: `per query: floor (round trip, schema, reset) ${floor.toFixed(1)} ms, seed ${seed.toFixed(1)} ms, query ${query.toFixed(1)} ms; engine start ${Math.round(figure.startMs)} ms`,
    };
  });
};
