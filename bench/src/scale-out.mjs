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
import {
  loadNote,
  orgWithTest,
  PY_VOWELS,
  pythonTest,
  ROOT,
  sleep,
  startAssayProcess,
  startAssayServer,
  startReceiver,
  waitForCallbacks,
} from './python-class.mjs';

/** Two processes must score at least this many times as fast as one. */
export const SCALE_OUT_TARGET_RATIO = 1.5;

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
    const candidates = await world.candidates(attempts, { prefix: 'scale', callbackURL: receiver.url, answer: PY_VOWELS });
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
  const attempts = quick ? 120 : 300;
  const server = postgresServer();
  try {
    const one = await scoreWith(server.url, 1, attempts);
    const two = await scoreWith(server.url, 2, attempts);
    const load = await loadNote();
    const busy = (run) => `server + workers kept ${run.cores.toFixed(1)} of ${availableParallelism()} cores busy`;
    return [
      {
        scenario: `scale-out on PostgreSQL: ${attempts} attempts scored, 1 assay-worker (1 sandbox thread)`,
        value: one.perSecond,
        unit: 'attempts/s',
        note: `3 Python questions × 10 hidden tests each; ${busy(one)}, ${load}`,
      },
      {
        scenario: `scale-out on PostgreSQL: ${attempts} attempts scored, 2 assay-workers (1 sandbox thread each)`,
        value: two.perSecond,
        unit: 'attempts/s',
        ratio: two.perSecond / one.perSecond,
        target: `≥ ${SCALE_OUT_TARGET_RATIO.toFixed(2)}× of one`,
        pass: two.perSecond / one.perSecond >= SCALE_OUT_TARGET_RATIO,
        note: `the ratio is to one worker process; ${busy(two)}`,
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
