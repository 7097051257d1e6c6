// `node bench/src/rss-after-load.mjs [--full] [--runs N] [--against /other/clone[,VAR=value…]]… [--seconds S]`: the bench's "idle RSS
// after the load (6 s quiet)" row alone, and what the memory is. One seed (the quick one, or --full's: the bench's), copied
// for every server; each server, started as the bench starts it, gets the bench's load rows (S seconds each, 10 by
// default), the slow state's 60 s of report reads, the Excel export and 50 PDFs, then is left quiet: its RSS second by
// second, and at 6 s a diagnostic report (Node's --report-on-signal: the request thread's heap spaces, and each worker
// thread's) beside /proc's view (smaps, threads). With --against, runs alternate with another clone's build;
// --seed-dir DIR keeps the seed for the next run.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startAssay } from './assay-server.mjs';
import { exportExcel, pdfLatency } from './downloads.mjs';
import { measure } from './load.mjs';
import { startLogDrain } from './log-drain.mjs';
import { freePort, rssMb } from './processes.mjs';
import { loadScenarios } from './scenarios.mjs';
import { seed } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    runs: { type: 'string', default: '2' },
    against: { type: 'string', multiple: true, default: [] },
    seconds: { type: 'string', default: '10' },
    'seed-dir': { type: 'string' },
  },
});
const size = values.full ? { tests: 2_000, attempts: 100, invitations: 100_000 } : { tests: 200, attempts: 20, invitations: 5_000 };
// `--against path[,VAR=value…]` (repeatable): another build, or this clone again with settings of its own (`.,MALLOC_ARENA_MAX=2`).
const builds = [
  { name: 'this clone', root: ROOT, settings: {} },
  ...values.against.map((spec) => {
    const [path, ...pairs] = spec.split(',');
    return { name: spec, root: resolve(path), settings: Object.fromEntries(pairs.map((pair) => pair.split(/=(.*)/s).slice(0, 2))) };
  }),
];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const MB = 2 ** 20;

/** The resident set by kind, from /proc (kB → MB). */
const procView = (pid) => {
  const rollup = Object.fromEntries(
    readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .map((line) => line.match(/^(\w+):\s+(\d+) kB/))
      .filter(Boolean)
      .map(([, key, kb]) => [key, Number(kb) / 1024]),
  );
  // Anonymous memory by the size of its mapping: [heap] is malloc's main arena, 64 MB reservations are other threads'
  // malloc arenas, the rest mostly V8's pages (256 KB chunks) and thread stacks.
  const anonymousBy = { heap: 0, arenas: 0, other: 0 };
  let current;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/);
    if (head) {
      const size = (Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16)) / MB;
      const inode = head[3];
      const name = head[4];
      current = name === '[heap]' ? 'heap' : inode === '0' && !name && size >= 60 ? 'arenas' : inode === '0' && !name ? 'other' : undefined;
      continue;
    }
    const anonymous = line.match(/^Anonymous:\s+(\d+) kB/);
    if (anonymous && current) anonymousBy[current] += Number(anonymous[1]) / 1024;
  }
  const threads = readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
  return {
    anonymous: rollup.Anonymous,
    anonymousBy,
    file: rollup.Rss - rollup.Anonymous,
    threads: threads.length,
    threadNames: [...new Set(threads)].join(','),
  };
};

/** A heap's spaces as one line: committed (used) MB per space. */
const heapLine = (heap) =>
  `${(heap?.heapSpaces ? Object.entries(heap.heapSpaces) : [])
    .filter(([, space]) => space.memorySize > 0)
    .map(([name, space]) => `${name.replace('_space', '')} ${(space.memorySize / MB).toFixed(1)} (${(space.used / MB).toFixed(1)})`)
    .join(', ')}; external ${(heap.externalMemory / MB).toFixed(1)}, V8's malloc ${(heap.mallocedMemory / MB).toFixed(1)}`;

const scratch = mkdtempSync(join(tmpdir(), 'assay-rss-'));
const drain = startLogDrain();
try {
  // --seed-dir keeps the seeded database and its world for the next run of the script (a full seed takes minutes).
  const seedDir = values['seed-dir'] ? resolve(values['seed-dir']) : scratch;
  const seeded = join(seedDir, 'seeded.db');
  let world;
  if (existsSync(join(seedDir, 'world.json'))) world = JSON.parse(readFileSync(join(seedDir, 'world.json'), 'utf8'));
  else {
    mkdirSync(seedDir, { recursive: true });
    const seedPort = await freePort();
    const seeding = await startAssay({ port: seedPort, databaseUrl: `sqlite:${seeded}`, scratch, drain });
    console.log(`seeding ${size.tests} tests, ${size.attempts} attempts, ${size.invitations} invitations…`);
    world = await seed({ base: `http://127.0.0.1:${seedPort}`, databaseUrl: `sqlite:${seeded}`, ...size, repoRoot: ROOT }).finally(() => seeding.stop());
    writeFileSync(join(seedDir, 'world.json'), JSON.stringify(world));
  }

  for (let run = 0; run < Number(values.runs); run++) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
      const dir = mkdtempSync(join(scratch, 'run-'));
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${seeded}${suffix}`)) copyFileSync(`${seeded}${suffix}`, join(dir, `assay.db${suffix}`));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const reports = join(dir, 'reports');
      mkdirSync(reports);
      const server = await startAssay({
        port,
        databaseUrl: `sqlite:${join(dir, 'assay.db')}`,
        scratch: dir,
        drain,
        root: build.root,
        settings: build.settings,
        nodeFlags: ['--report-on-signal', '--report-signal=SIGURG', `--report-directory=${reports}`, '--report-compact'],
      });
      const pid = server.child.pid;
      server.child.once('exit', (code, signal) => console.error(`server exited: ${code} ${signal}`));
      try {
        const seconds = Number(values.seconds);
        for (const scenario of loadScenarios(world, false)) await measure({ ...scenario, url: `${base}${scenario.path ?? '/'}`, seconds });
        await measure({ paths: world.reportIds.map((id) => `/v2/org/report/${id}`), headers: loadScenarios(world, false)[1].headers, url: base, seconds: 60 });
        const afterRows = rssMb(pid);
        const excel = await exportExcel(base, world, pid);
        await pdfLatency(base, world, 50);
        const afterLoad = rssMb(pid);
        const series = [];
        let report;
        for (let second = 1; second <= 30; second++) {
          await sleep(1000);
          series.push(Math.round(rssMb(pid)));
          if (second === 6) {
            const view = procView(pid);
            process.kill(pid, 'SIGURG');
            for (let tries = 0; tries < 50 && !(existsSync(reports) && readdirSync(reports).length > 0); tries++) await sleep(100);
            const file = readdirSync(reports)[0];
            // Written while we wait: read it again until it is whole (a busy machine takes its time).
            let json;
            for (let tries = 0; json === undefined; tries++) {
              await sleep(200);
              try {
                json = JSON.parse(readFileSync(join(reports, file), 'utf8'));
              } catch (error) {
                if (tries >= 50) throw error;
              }
            }
            report = { view, json, rss: series[5] };
          }
        }
        const { view, json } = report;
        console.log(
          `run ${run + 1} ${build.name}: RSS after the rows ${afterRows.toFixed(0)} MB, after the Excel export (${(excel.totalMs / 1000).toFixed(1)} s, ` +
            `growth ${excel.rssGrowthMb.toFixed(0)} MB) and 50 PDFs ${afterLoad.toFixed(0)} MB; quiet, each second: ${series.join(' ')} (load ${loadavg()[0].toFixed(1)})`,
        );
        console.log(
          `  6 s quiet: RSS ${report.rss} MB = anonymous ${view.anonymous.toFixed(1)} (malloc's main arena ${view.anonymousBy.heap.toFixed(1)}, other ` +
            `threads' arenas ${view.anonymousBy.arenas.toFixed(1)}, other mappings ${view.anonymousBy.other.toFixed(1)}) + file ${view.file.toFixed(1)}; ${view.threads} threads (${view.threadNames})`,
        );
        console.log(`  request thread heap ${(json.javascriptHeap.totalMemory / MB).toFixed(1)} MB committed: ${heapLine(json.javascriptHeap)}`);
        for (const worker of json.workers ?? []) {
          console.log(
            `  worker ${worker.header?.threadId}: heap ${(worker.javascriptHeap.totalMemory / MB).toFixed(1)} MB: ${heapLine(worker.javascriptHeap)}`,
          );
        }
        const heaps = json.javascriptHeap.totalMemory + (json.workers ?? []).reduce((sum, worker) => sum + worker.javascriptHeap.totalMemory, 0);
        console.log(`  RSS besides the JavaScript heaps (code, natives, SQLite, malloc, stacks) ≈ ${(report.rss - heaps / MB).toFixed(1)} MB`);
      } catch (error) {
        console.error(server.stderr());
        throw error;
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await drain.stop();
  rmSync(scratch, { recursive: true, force: true });
}
