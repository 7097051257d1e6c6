// `node bench/src/cpu-per-request.mjs [--against /other/clone[,VAR=value…]]… [--rows details,badKey,…] [--rounds N]
//   [--requests N] [--full] [--settings VAR=value]… [--baseline] [--profile DIR]`: the bench's load rows, one at a time,
// judged by what does not depend on the neighbours — the CPU the server's request thread (and the whole process) spends
// per request, read from /proc over a fixed number of requests sent with the bench's load shape (100 connections,
// pipelining 10 for reads, 1 for writes). With --against, every build gets a server of its own on a database of its
// own, seeded alike (the quick seed, or --full's), and the rows alternate between the builds round after round, the
// order reversed every other round; a build may be this clone again with other settings (`--against .,LOG_LEVEL=warn`).
// A row named `name~bare` is sent without the spec's content-type (as the old bench sent it). --baseline measures the
// bench's bare Fastify the same way each round: its CPU per request over a row's is the ratio that row would reach on a
// machine where the server's thread is what runs out. On a shared machine req/s moves with the neighbours; CPU per
// request of the request thread hardly does.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startAssay } from './assay-server.mjs';
import { startLogDrain } from './log-drain.mjs';
import { freePort, startProcess, waitUntilReady } from './processes.mjs';
import { SPEC_HEADERS } from './api.mjs';
import { loadScenarios, referenceScenarios, usersWay } from './scenarios.mjs';
import { seed } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    against: { type: 'string', multiple: true, default: [] },
    rows: { type: 'string', default: 'badKey,details,report,sections,list1,listLast,register,link' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '200000' },
    // Runs of a fixed length instead of a fixed number of requests: autocannon ends an `amount` run on its next whole
    // second, so the req/s of an amount run is rounded to it; a timed run's req/s is the closed loop's own.
    seconds: { type: 'string' },
    full: { type: 'boolean', default: false },
    settings: { type: 'string', multiple: true, default: [] },
    profile: { type: 'string' },
    baseline: { type: 'boolean', default: false },
  },
});

/** The rows by short name, from the bench's own scenarios (the same paths, headers and load shape). */
const ROW_NAMES = ['details', 'report', 'sections', 'list1', 'listLast', 'badKey', 'register', 'link'];
const rowsOf = (world) => {
  const scenarios = Object.fromEntries(loadScenarios(world, false).map((scenario, i) => [ROW_NAMES[i], scenario]));
  // The old bench's one-question details at warn, without a content-type: what decision 165's figures measured.
  scenarios.oldDetails = referenceScenarios(world)[0].rows[0];
  // The users'-way rows of their own (issue 63): a page of 100 tests, and a bad key once its address is over its budget
  // (with --settings ASSAY_RATE_LIMIT_BAD_API_KEY=20/10m, the default).
  const users = usersWay(world, false).rows;
  scenarios.list100 = users[3];
  scenarios.badKey429 = users[4];
  return scenarios;
};
const wanted = values.rows.split(',');
const settingsOf = (pairs) => Object.fromEntries(pairs.map((pair) => pair.split('=')));
/** A row as named: `name~bare` is `name` without the content-type header. */
const rowOf = (rows, name) => {
  const [base, variant] = name.split('~');
  const scenario = rows[base];
  if (!scenario) throw new Error(`no row ${base}: ${Object.keys(rows).join(', ')}`);
  if (variant !== 'bare') return scenario;
  const { 'content-type': _dropped, ...headers } = scenario.headers;
  return { ...scenario, headers };
};
const size = values.full ? { tests: 2_000, attempts: 100, invitations: 100_000 } : { tests: 200, attempts: 20, invitations: 5_000 };

/** CPU ticks (utime + stime, 10 ms each) of a process or one of its threads. */
const ticks = (path) => {
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const cpuOf = (pid) => ({ thread: ticks(`/proc/${pid}/task/${pid}/stat`), process: ticks(`/proc/${pid}/stat`) });

const run = (options) => new Promise((done, fail) => autocannon(options, (error, result) => (error ? fail(error) : done(result))));

/** `amount` requests of `scenario` on `base`, after a third as many unmeasured. */
const measureCpu = async (server, scenario, amount) => {
  const request = { method: scenario.method ?? 'GET', headers: scenario.headers, ...(scenario.setupRequest ? { setupRequest: scenario.setupRequest } : {}) };
  const requests = scenario.paths ? scenario.paths.map((path) => ({ ...request, path })) : [{ ...request, path: scenario.path }];
  const options = { url: server.base, connections: 100, pipelining: scenario.pipelining ?? 10, requests };
  const length = values.seconds ? (part) => ({ duration: Number(values.seconds) * part }) : (part) => ({ amount: Math.round(amount * part) });
  await run({ ...options, ...length(1 / 3) });
  const before = cpuOf(server.child.pid);
  const client = process.cpuUsage();
  const started = performance.now();
  const result = await run({ ...options, ...length(1) });
  const seconds = (performance.now() - started) / 1000;
  const after = cpuOf(server.child.pid);
  const { user, system } = process.cpuUsage(client);
  const answered = result.requests.total;
  const expected = scenario.expectStatus ?? 200;
  const wrong = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== expected)
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    threadUs: ((after.thread - before.thread) * 10_000) / answered,
    processUs: ((after.process - before.process) * 10_000) / answered,
    // The load generator's own CPU (autocannon, in this process): it shares the machine's cores with the server.
    clientUs: (user + system) / answered,
    rps: answered / seconds,
    wrong: wrong + result.errors,
    load: loadavg()[0],
  };
};

const builds = [
  { root: ROOT, name: 'this clone', settings: settingsOf(values.settings) },
  ...values.against.map((spec) => {
    const [path, ...pairs] = spec.split(',');
    return { root: resolve(path), name: spec, settings: { ...settingsOf(values.settings), ...settingsOf(pairs) } };
  }),
];
const drain = startLogDrain();
const servers = [];
try {
  for (const build of builds) {
    const scratch = mkdtempSync(join(tmpdir(), 'assay-cpu-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const databaseUrl = `sqlite:${join(scratch, 'assay.db')}`;
    const start = (extra = {}) => startAssay({ port, databaseUrl, scratch, drain, root: build.root, ...extra });
    console.log(`${build.name}: seeding ${size.tests} tests, ${size.attempts} attempts, ${size.invitations} invitations…`);
    const seeding = await start();
    const world = await seed({ base, databaseUrl, ...size, repoRoot: ROOT }).finally(() => seeding.stop());
    // Measured on a server started afresh on the seeded database, as the bench measures.
    const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`, `--cpu-prof-name=${servers.length}-${Date.now()}.cpuprofile`] : [];
    const server = await start({ settings: build.settings, nodeFlags: profile });
    servers.push({ ...server, ...build, base, scratch, rows: rowsOf(world), results: new Map() });
  }
  if (values.baseline) {
    const scratch = mkdtempSync(join(tmpdir(), 'assay-cpu-'));
    const port = await freePort();
    const baseline = startProcess(join(ROOT, 'bench/src/baseline-server.mjs'), { PORT: String(port) }, scratch);
    await waitUntilReady(`http://127.0.0.1:${port}/`, baseline.started, baseline.child);
    const only = { path: '/', headers: SPEC_HEADERS };
    servers.push({
      ...baseline,
      name: 'bare Fastify',
      base: `http://127.0.0.1:${port}`,
      scratch,
      rows: { baseline: only },
      results: new Map(),
      baseline: true,
    });
  }
  const amount = Number(values.requests);
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const name of [...(values.baseline ? ['baseline'] : []), ...wanted]) {
      for (const server of order) {
        if ((name === 'baseline') !== (server.baseline === true)) continue;
        const scenario = rowOf(server.rows, name);
        const writes = (scenario.pipelining ?? 10) === 1;
        const figures = await measureCpu(server, scenario, writes ? Math.round(amount / 4) : amount);
        if (!server.results.has(name)) server.results.set(name, []);
        server.results.get(name).push(figures);
        console.log(
          `round ${round + 1} ${name.padEnd(10)} ${server.name}: request thread ${figures.threadUs.toFixed(1)} µs/req, process ` +
            `${figures.processUs.toFixed(1)} µs/req, load generator ${figures.clientUs.toFixed(1)} µs/req, ${Math.round(figures.rps)} req/s${figures.wrong ? `, ${figures.wrong} WRONG` : ''} (load ${figures.load.toFixed(1)})`,
        );
      }
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log('\nmedian µs of CPU per request: request thread / whole process (range of the thread), the load generator, req/s');
  const baselineUs = values.baseline
    ? median(
        servers
          .find((server) => server.baseline)
          .results.get('baseline')
          .map((r) => r.threadUs),
      )
    : undefined;
  for (const name of [...(values.baseline ? ['baseline'] : []), ...wanted]) {
    for (const server of servers) {
      const runs = server.results.get(name);
      if (!runs) continue;
      const thread = runs.map((r) => r.threadUs);
      const ratio = baselineUs && name !== 'baseline' ? `, ${(baselineUs / median(thread)).toFixed(2)}× the baseline's CPU per request` : '';
      console.log(
        `${name.padEnd(10)} ${server.name}: ${median(thread).toFixed(1)} / ${median(runs.map((r) => r.processUs)).toFixed(1)} µs ` +
          `(${Math.min(...thread).toFixed(1)}–${Math.max(...thread).toFixed(1)}), load generator ${median(runs.map((r) => r.clientUs)).toFixed(1)} µs, ` +
          `${Math.round(median(runs.map((r) => r.rps)))} req/s${ratio}`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  for (const server of servers) rmSync(server.scratch, { recursive: true, force: true });
  await drain.stop();
}
