// Isolated SQL queries per second straight on @assay/sandbox's SQL engines (built: `pnpm --filter @assay/sandbox
// build` first), per dialect: 2 engines (2 worker threads, one per core), 4 callers, each query a case of its own on
// a pristine database with the question's schema and a 1,000-row seed. Where the time goes is measured by running
// the same loop with less: the floor (empty seed, `SELECT 1`: the worker round trip and the reset), the seed
// (1,000 rows, `SELECT 1`), then the query. `node packages/sandbox/bench/sql-queries.mjs` (SECONDS=5 per loop;
// CHECK=1 exits non-zero below a target). `pnpm bench` can run it in a process of its own (one JSON line out).
import { fileURLToPath } from 'node:url';

/** Issue 49: SQL ≥ 100 isolated queries/s on a 1,000-row seed, on 2 cores. */
export const TARGETS = { sqlite: 100, postgresql: 100 };

const SCHEMA = 'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL, region TEXT NOT NULL, amount NUMERIC(10,2) NOT NULL);';
const REGIONS = ['north', 'south', 'east', 'west'];
const SEED = `INSERT INTO orders (id, customer, region, amount) VALUES\n${Array.from(
  { length: 1000 },
  (_, i) => `(${i + 1}, 'customer ${i % 137}', '${REGIONS[i % 4]}', ${((i * 7919) % 10000) / 100})`,
).join(',\n')};`;
const QUERY = `SELECT region, count(*) AS orders, sum(amount) AS total
  FROM orders WHERE amount > 10 GROUP BY region HAVING count(*) > 5 ORDER BY total DESC`;
const LIMITS = { msPerCase: 5_000, memoryBytes: 64 * 1024 * 1024, maxOutputBytes: 64 * 1024 };

const request = (dialect, code, seed) => ({
  form: 'sql',
  language: dialect,
  code,
  schema: SCHEMA,
  cases: [{ seed, expected: { columns: [], rows: [] } }],
  ordered: true,
  checkColumnNames: true,
});

/** Queries a second through `engines`, `inFlight` callers, for `seconds`. */
async function perSecond(engines, dialect, code, seed, { seconds, inFlight }) {
  const signal = new AbortController().signal;
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const engine = engines[next++ % engines.length];
      const [outcome] = await engine.execute(request(dialect, code, seed), LIMITS, signal);
      if (outcome?.kind !== 'rows') throw new Error(`sql-queries: ${dialect} answered ${JSON.stringify(outcome)}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, caller));
  return done / ((performance.now() - started) / 1000);
}

export const sqlQueries = async ({ seconds = 5, inFlight = 4, engines: count = 2 } = {}) => {
  const { createSqlEngine } = await import(new URL('../dist/sql/sql-engines.js', import.meta.url).href);
  const figures = {};
  for (const dialect of ['sqlite', 'postgresql']) {
    const engines = Array.from({ length: count }, () => createSqlEngine(dialect));
    try {
      const started = performance.now();
      await Promise.all(engines.map((engine) => engine.warm()));
      const startMs = performance.now() - started;
      const plan = { seconds, inFlight };
      const floor = await perSecond(engines, dialect, 'SELECT 1', '', plan);
      const seeded = await perSecond(engines, dialect, 'SELECT 1', SEED, plan);
      const full = await perSecond(engines, dialect, QUERY, SEED, plan);
      // Per query on one engine: each loop's time per query times the engines working in parallel.
      const ms = (rate) => (1000 * count) / rate;
      figures[dialect] = {
        perSecond: full,
        startMs,
        msPerQuery: { floor: ms(floor), seed: ms(seeded) - ms(floor), query: ms(full) - ms(seeded), total: ms(full) },
      };
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
  }
  return { engines: count, inFlight, seconds, figures };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const plan = process.argv[2] ? JSON.parse(process.argv[2]) : undefined;
  const result = await sqlQueries(plan ?? { seconds: Number(process.env.SECONDS ?? 5) });
  if (plan) console.log(JSON.stringify(result));
  else {
    console.log(`Isolated SQL queries: ${result.engines} engines (worker threads), ${result.inFlight} callers, ${result.seconds} s a loop, 1,000-row seed`);
    for (const [dialect, figure] of Object.entries(result.figures)) {
      const { floor, seed, query, total } = figure.msPerQuery;
      console.log(
        `  ${dialect}: ${Math.round(figure.perSecond)} queries/s (target ${TARGETS[dialect]}); per query ${total.toFixed(1)} ms = ` +
          `floor (round trip + reset) ${floor.toFixed(1)} + seed ${seed.toFixed(1)} + query ${query.toFixed(1)}; engine start ${Math.round(figure.startMs)} ms`,
      );
    }
  }
  if (process.env.CHECK && Object.entries(TARGETS).some(([dialect, target]) => result.figures[dialect].perSecond < target)) process.exitCode = 1;
}
