// Issue 28, item 5: sandbox capacity grows with processes on PostgreSQL. One server (no in-process worker) and 1, then
// 2, `assay-worker` processes sharing a PostgreSQL database; each worker has ONE sandbox thread (ASSAY_SANDBOX_WORKERS=1),
// so that on a machine of few cores the figure shows what another process (another machine) adds, not more threads
// of one. The workers lease scoring jobs with FOR UPDATE SKIP LOCKED, each only what it can run now. Measured: the
// attempts (3 Python questions × 10 hidden tests) scored and called back per second: the workers' interpreters warm,
// the backlog submitted while they are stopped (SIGSTOP), the clock from when they go on (SIGCONT) to the last callback.
// `node bench/src/scale-out.mjs [--quick] [--check]` runs it alone (after `pnpm build`); a PostgreSQL server comes from
// ASSAY_BENCH_PG_URL (or a postgres ASSAY_DATABASE_URL), else a throwaway cluster (scripts/pg-throwaway.sh).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inParallel } from './seed.mjs';
import { loadNote, orgWithTest, pythonTest, ROOT, sleep, startAssayProcess, startAssayServer, startReceiver, waitForCallbacks } from './python-class.mjs';

/**
 * The candidates' answer: correct, and about 10 ms a hidden test (a scan repeated, as a slow honest answer is), so
 * that an attempt costs ~0.3 s of interpreter time and the sandbox is what runs out. With the one-line answer an
 * attempt costs ~10 ms of it: the server taking callbacks and PostgreSQL on the same cores ran out first (four runs:
 * 0.73–1.22× with two processes), a figure of this machine's other parts rather than of the sandbox's capacity.
 */
const PY_VOWELS_WORKED =
  "def vowels(word):\n    total = 0\n    for _ in range(1000):\n        total = sum(1 for c in word if c in 'aeiou')\n    return total\n";

/** Two processes must score at least this many times as fast as one… */
export const SCALE_OUT_TARGET_RATIO = 1.5;
/**
 * …unless the machine has no room for a second process (one already keeps more than half its cores busy: a worker's
 * sandbox thread plus its main thread, the server): then each process must still add what it runs, attempts per busy
 * core at least this fraction of one process's. What a second process costs others (locks, leases on the shared
 * database) shows there; what a second machine would add cannot be measured on one.
 */
export const SCALE_OUT_TARGET_PER_CORE = 0.8;

/** The verdict of a 1 vs 2 figure: the ratio, or on a machine too small for two, the throughput per busy core. */
export const scaleOutVerdict = (one, two, cores = availableParallelism()) => {
  const ratio = two.perSecond / one.perSecond;
  const perCore = two.perSecond / two.cores / (one.perSecond / one.cores);
  const roomForTwo = cores >= 2 * one.cores + 0.5;
  return roomForTwo
    ? { ratio, perCore, target: `≥ ${SCALE_OUT_TARGET_RATIO.toFixed(2)}× of one`, pass: ratio >= SCALE_OUT_TARGET_RATIO }
    : {
        ratio,
        perCore,
        target: `≥ ${SCALE_OUT_TARGET_PER_CORE}× of one's attempts per busy core (${cores} cores: no room for 2× here)`,
        pass: perCore >= SCALE_OUT_TARGET_PER_CORE,
      };
};

const withPg = async (url, fn) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** CPU ticks a process has used (user + system), from /proc. */
const cpuTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** Waits until every process has been nearly idle for a second (its interpreters started and the standby too). */
const untilIdle = async (pids, timeoutMs = 90_000) => {
  const deadline = performance.now() + timeoutMs;
  await sleep(3_000);
  while (performance.now() < deadline) {
    const before = pids.map(cpuTicks);
    await sleep(1_000);
    if (pids.every((pid, i) => cpuTicks(pid) - before[i] < 5)) return;
  }
};

/** Scores `attempts` answered attempts with `processes` workers; answers attempts per second. */
const scoreWith = async (pgUrl, processes, attempts) => {
  const name = `assay_scale_${processes}_${randomBytes(4).toString('hex')}`;
  await withPg(pgUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const scratch = mkdtempSync(join(tmpdir(), 'assay-scale-out-'));
  const receiver = await startReceiver();
  const started = [];
  try {
    const server = await startAssayServer({ databaseUrl, scratch, env: { ASSAY_RUN_WORKER: 'false', ASSAY_SANDBOX_PREWARM: 'none' } });
    started.push(server);
    const world = await orgWithTest(server.base, pythonTest({ questions: 3, samples: 1, hidden: 10 }));
    const candidates = await world.candidates(attempts, { prefix: 'scale', callbackURL: receiver.url, answer: PY_VOWELS_WORKED });
    for (let i = 0; i < processes; i += 1) {
      started.push(
        await startAssayProcess('apps/worker/dist/main.js', {
          databaseUrl,
          scratch,
          env: { ASSAY_SANDBOX_WORKERS: '1', ASSAY_SANDBOX_PREWARM: 'python', ASSAY_WORKER_POLL_MS: '100', ASSAY_WORKER_ID: `scale-${i}` },
        }),
      );
    }
    const workers = started.slice(1).map((worker) => worker.child);
    await untilIdle(workers.map((worker) => worker.pid));
    // The backlog is made while the (warm) workers are stopped, so that the clock runs on scoring alone, not on how
    // fast the server takes submissions.
    for (const worker of workers) worker.kill('SIGSTOP');
    try {
      await inParallel(candidates.length, 16, async (i) => {
        const answer = await world.client.send('POST', `/candidate/v1/${candidates[i].token}/submit`);
        if (answer.status !== 200) throw new Error(`submit answered ${answer.status}`);
      });
    } finally {
      for (const worker of workers) worker.kill('SIGCONT');
    }
    const began = performance.now();
    const pids = started.map((process) => process.child.pid);
    const ticksBefore = pids.map(cpuTicks);
    const all = await waitForCallbacks(receiver, attempts, 300_000);
    const last = Math.max(...[...receiver.arrived.values()].map((callback) => callback.at));
    // How many cores the server and workers kept busy: near the machine's count, the figure is the machine's.
    const cores = pids.reduce((sum, pid, i) => sum + cpuTicks(pid) - ticksBefore[i], 0) / 100 / ((performance.now() - began) / 1000);
    world.close();
    if (!all) throw new Error(`scale-out: ${receiver.arrived.size} of ${attempts} callbacks with ${processes} worker(s)`);
    return { perSecond: attempts / ((last - began) / 1000), cores };
  } finally {
    await Promise.all(started.map((child) => child.stop()));
    await receiver.close();
    rmSync(scratch, { recursive: true, force: true });
    await withPg(pgUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
};

/** The PostgreSQL server the bench was given: ASSAY_BENCH_PG_URL, or a postgres ASSAY_DATABASE_URL. */
export const givenPostgres = () =>
  process.env.ASSAY_BENCH_PG_URL ?? (process.env.ASSAY_DATABASE_URL?.startsWith('postgres') ? process.env.ASSAY_DATABASE_URL : undefined);

/** A PostgreSQL server to create the databases in: the one given, or a throwaway cluster stopped afterwards. */
const postgresServer = () => {
  const given = givenPostgres();
  if (given) return { url: given, stop: () => {} };
  const script = join(ROOT, 'scripts/pg-throwaway.sh');
  const url = execFileSync('bash', [script, 'start'], { encoding: 'utf8' }).trim();
  return { url, stop: () => execFileSync('bash', [script, 'stop', url]) };
};

/** The rows in the table's format: scoring throughput with one worker process, then two. */
export async function scaleOutRows({ quick = false } = {}) {
  const attempts = quick ? 40 : 120;
  const server = postgresServer();
  try {
    const one = await scoreWith(server.url, 1, attempts);
    const two = await scoreWith(server.url, 2, attempts);
    const load = await loadNote();
    const verdict = scaleOutVerdict(one, two);
    const busy = (run) => `server + workers kept ${run.cores.toFixed(1)} of ${availableParallelism()} cores busy`;
    return [
      {
        scenario: `scale-out on PostgreSQL: ${attempts} attempts scored, 1 assay-worker (1 sandbox thread)`,
        value: one.perSecond,
        unit: 'attempts/s',
        note: `3 Python questions × 10 hidden tests each, ~10 ms a test; ${busy(one)}, ${load}`,
      },
      {
        scenario: `scale-out on PostgreSQL: ${attempts} attempts scored, 2 assay-workers (1 sandbox thread each)`,
        value: two.perSecond,
        unit: 'attempts/s',
        ratio: verdict.ratio,
        target: verdict.target,
        pass: verdict.pass,
        note: `the ratio is to one worker process; ${busy(two)}; per busy core ${verdict.perCore.toFixed(2)}× of one's`,
      },
    ];
  } finally {
    server.stop();
  }
}

/** In `pnpm bench`: the rows when a PostgreSQL server was given, else one row that says why there is no figure. */
export async function scaleOutRowsOnGivenPostgres({ quick = false } = {}) {
  if (givenPostgres()) return scaleOutRows({ quick });
  return [
    {
      scenario: 'scale-out on PostgreSQL: scoring with 1 vs 2 assay-worker processes',
      value: Number.NaN,
      unit: 'attempts/s',
      note: 'skipped: no PostgreSQL given (set ASSAY_BENCH_PG_URL or a postgres ASSAY_DATABASE_URL; `node bench/src/scale-out.mjs` starts a throwaway one)',
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const rows = await scaleOutRows({ quick: args.has('--quick') });
  for (const row of rows)
    console.log(
      `${row.pass === false ? 'FAIL' : 'ok  '}  ${row.scenario}: ${row.value.toFixed(1)} ${row.unit}${row.ratio ? ` (${row.ratio.toFixed(2)}×)` : ''} — ${row.note}`,
    );
  if (args.has('--check') && rows.some((row) => row.pass === false)) process.exit(1);
}
