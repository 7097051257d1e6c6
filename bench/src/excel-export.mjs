// `node bench/src/excel-export.mjs [--runs N] [--against /other/clone[,VAR=value…]]… [--database FILE] [--invitations N] [--prof DIR]`:
// the bench's Excel row alone, repeated — the realistic test's completed invitations (seeded once into FILE, then
// reused: seeding 100,000 takes longer than a few exports), each export on a freshly started server (assay-server.mjs,
// as the bench starts it), timed from outside (first byte, whole file) with the server's CPU per thread read from
// /proc: the request thread, the workbook thread, and the pool (libuv's, where zlib deflates, and V8's helpers). With --against,
// exports alternate with that clone's built server on the same database, for a side-by-side comparison of two builds.
// --prof DIR starts the servers with --cpu-prof (a profile per thread, written when the server stops); --save DIR keeps
// each build's workbook of the first round (downloaded again after the timed export) as DIR/new.xlsx and DIR/old.xlsx.
// --database-per-build gives each build its own copy of the seeded database (FILE.build<N>, copied once and kept): two
// builds whose migrations differ cannot share one file (a build refuses a schema migrated past its own). --history N
// reads an exported invitation's history N times after each export (the median, and how many entries it answered).
// --json then reads the same rows as JSON through the test's list route, 100 a page (issue 63 item 5's yardstick).
import { copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exportExcel, historyLatency, invitationsAsJson } from './downloads.mjs';
import { startLogDrain } from './log-drain.mjs';
import { freePort } from './processes.mjs';
import { SPEC_HEADERS, seed } from './seed.mjs';
import { startAssay } from './assay-server.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    against: { type: 'string', multiple: true, default: [] },
    database: { type: 'string' },
    invitations: { type: 'string', default: '100000' },
    prof: { type: 'string' },
    save: { type: 'string' },
    'database-per-build': { type: 'boolean', default: false },
    history: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
  },
});

// `--against path[,VAR=value…]` (repeatable): another build, or this clone again with settings of its own.
const builds = [
  { name: 'this clone', root: ROOT, settings: {} },
  ...values.against.map((spec) => {
    const [path, ...pairs] = spec.split(',');
    return { name: spec, root: resolve(path), settings: Object.fromEntries(pairs.map((pair) => pair.split(/=(.*)/s).slice(0, 2))) };
  }),
];

/** Ticks (10 ms) of user + system CPU of a process or a thread, from its stat line. */
const ticksOf = (statPath) => {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** The CPU ticks of every thread of `pid` now, by thread id (a thread that ended is missing). */
const threadTicks = (pid) => {
  const ticks = new Map();
  for (const entry of readdirSync(`/proc/${pid}/task`)) {
    try {
      ticks.set(Number(entry), ticksOf(`/proc/${pid}/task/${entry}/stat`));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ticks;
};

/**
 * The CPU seconds of the server's threads during `work`, sampled every 100 ms (a workbook thread leaves a second
 * after its export: its last sample counts). Node 20 names none of its threads, so they are told apart by when they
 * started: `request` is the main thread, `workbook` the busiest thread started during the work (the export's worker),
 * `pool` every other thread (libuv's pool, where zlib deflates, and V8's helpers, which collect garbage).
 */
const cpuDuring = async (pid, work) => {
  const before = threadTicks(pid);
  const last = new Map(before);
  const sample = () => {
    for (const [tid, ticks] of threadTicks(pid)) last.set(tid, ticks);
  };
  const sampler = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    const spent = [...last].map(([tid, ticks]) => ({ tid, seconds: (ticks - (before.get(tid) ?? 0)) / 100, started: !before.has(tid) }));
    const workbook = spent.filter((thread) => thread.started).sort((a, b) => b.seconds - a.seconds)[0];
    const seconds = { request: 0, workbook: workbook?.seconds ?? 0, pool: 0 };
    for (const thread of spent) {
      if (thread.tid === pid) seconds.request += thread.seconds;
      else if (thread !== workbook) seconds.pool += thread.seconds;
    }
    return { result, seconds };
  } finally {
    clearInterval(sampler);
  }
};

const drain = startLogDrain();
const scratch = mkdtempSync(join(tmpdir(), 'assay-excel-'));
const database = resolve(values.database ?? join(scratch, 'assay.db'));
const worldFile = `${database}.world.json`;
const databaseOf = (build) => {
  if (!values['database-per-build']) return database;
  const copy = `${database}.build${builds.indexOf(build)}`;
  if (!existsSync(copy)) copyFileSync(database, copy);
  return copy;
};
const start = async (build, nodeFlags = []) => {
  const port = await freePort();
  const server = await startAssay({ port, databaseUrl: `sqlite:${databaseOf(build)}`, scratch, drain, root: build.root, settings: build.settings, nodeFlags });
  return { server, base: `http://127.0.0.1:${port}` };
};

try {
  if (!existsSync(worldFile)) {
    console.log(`seeding ${values.invitations} invitations into ${database}…`);
    const { server, base } = await start(builds[0]);
    try {
      const world = await seed({ base, databaseUrl: `sqlite:${database}`, tests: 3, attempts: 100, invitations: Number(values.invitations), repoRoot: ROOT });
      writeFileSync(worldFile, JSON.stringify(world));
    } finally {
      await server.stop();
    }
  }
  const world = JSON.parse(readFileSync(worldFile, 'utf8'));
  const results = new Map(builds.map((build) => [build.name, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    // The order reversed every other run: each export leaves 100,100 history entries behind (decision 502), so a
    // build always measured later would always insert into a larger table.
    for (const [index, build] of run % 2 === 0 ? [...builds.entries()] : [...builds.entries()].reverse()) {
      const profDir = values.prof && join(resolve(values.prof), `${index === 0 ? 'new' : 'old'}-${run}`);
      if (profDir) mkdirSync(profDir, { recursive: true });
      const { server, base } = await start(build, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
      try {
        await new Promise((done) => setTimeout(done, 2000));
        const load = loadavg()[0];
        const { result, seconds } = await cpuDuring(server.child.pid, () => exportExcel(base, world, server.child.pid));
        const total = Object.values(seconds).reduce((sum, value) => sum + value, 0);
        const history = Number(values.history) > 0 ? await historyLatency(base, world, Number(values.history)) : undefined;
        // The same rows as JSON through the list route, on the same server just after (issue 63 item 5's yardstick).
        const json = values.json ? await cpuDuring(server.child.pid, () => invitationsAsJson(base, world)) : undefined;
        results.get(build.name).push({ ...result, seconds, total, load, history, json });
        const threads = Object.entries(seconds)
          .map(([kind, value]) => `${kind} ${value.toFixed(2)}`)
          .join(', ');
        if (values.save && run === 0) {
          mkdirSync(values.save, { recursive: true });
          const response = await fetch(`${base}/v2/org/report/${world.testId}/excel`, { headers: { ...SPEC_HEADERS, 'x-api-key': world.key } });
          await pipeline(Readable.fromWeb(response.body), createWriteStream(join(values.save, `${index === 0 ? 'new' : 'old'}.xlsx`)));
        }
        console.log(
          `${build.name}: whole file ${(result.totalMs / 1000).toFixed(2)} s (first byte ${result.firstByteMs.toFixed(0)} ms, ` +
            `${(result.bytes / 2 ** 20).toFixed(1)} MB, RSS +${result.rssGrowthMb.toFixed(0)} MB); CPU ${total.toFixed(2)} s: ${threads} (load ${load.toFixed(1)})` +
            (history ? `; history p50 ${history.p50.toFixed(1)} ms, ${history.entries} entries` : '') +
            (json
              ? `; the same ${json.result.rows} rows as JSON pages of 100: ${(json.result.totalMs / 1000).toFixed(2)} s (request thread ${json.seconds.request.toFixed(2)} s), ` +
                `the workbook ${(result.totalMs / json.result.totalMs).toFixed(2)}× of it`
              : ''),
        );
      } finally {
        await server.stop();
      }
    }
  }
  for (const [name, runs] of results) {
    const wall = runs.map((run) => run.totalMs / 1000).sort((a, b) => a - b);
    const cpu = runs.map((run) => run.total).sort((a, b) => a - b);
    const first = runs.map((run) => run.firstByteMs).sort((a, b) => a - b);
    console.log(
      `${name}: whole file ${wall.map((value) => value.toFixed(2)).join(', ')} s; first byte ${first.map((value) => value.toFixed(0)).join(', ')} ms; CPU ${cpu.map((value) => value.toFixed(2)).join(', ')} s`,
    );
  }
} finally {
  await drain.stop();
}
