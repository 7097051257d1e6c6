// `node bench/src/start-time.mjs [--runs N] [--against /other/clone]`: the bench's start row alone, repeated — the
// server started as the bench starts it (assay-server.mjs), a fresh SQLite file each time, spawn → /readyz 200, the
// CPU the process used by then (/proc) and its idle RSS two seconds later. With --against, starts alternate with that
// clone's built server (its own bench/src/assay-server.mjs), for a side-by-side comparison of two builds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLogDrain } from './log-drain.mjs';
import { freePort, rssMb } from './processes.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, against: { type: 'string' } } });
const builds = [{ name: 'this clone', module: './assay-server.mjs' }];
if (values.against) builds.push({ name: values.against, module: join(values.against, 'bench/src/assay-server.mjs') });

/** CPU time (user + system) of a process so far, in ms: Linux counts it in ticks of 10 ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const drain = startLogDrain();
const results = new Map(builds.map((build) => [build.name, []]));
try {
  for (let run = 0; run < Number(values.runs); run++) {
    for (const build of builds) {
      const { startAssay } = await import(build.module);
      const scratch = mkdtempSync(join(tmpdir(), 'assay-start-'));
      const server = await startAssay({ port: await freePort(), databaseUrl: `sqlite:${join(scratch, 'assay.db')}`, scratch, drain });
      const cpu = cpuMs(server.child.pid);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rss = rssMb(server.child.pid);
      await server.stop();
      rmSync(scratch, { recursive: true, force: true });
      results.get(build.name).push({ ms: server.startMs, cpu, rss });
      console.log(`${build.name}: ${server.startMs.toFixed(0)} ms, CPU ${cpu} ms, idle RSS ${rss.toFixed(1)} MB (load ${loadavg()[0].toFixed(1)})`);
    }
  }
  for (const [name, runs] of results) {
    const ms = runs.map((run) => run.ms);
    console.log(
      `${name}: start median ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}), ` +
        `CPU median ${median(runs.map((run) => run.cpu))} ms, idle RSS median ${median(runs.map((run) => run.rss)).toFixed(1)} MB`,
    );
  }
} finally {
  await drain.stop();
}
