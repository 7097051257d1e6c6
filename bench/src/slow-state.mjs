// The slow-state row (issue 30, item 3): one long load of report reads on one server, rotating across the reports,
// seen second by second — the answers of each second (autocannon's 'tick' events) beside the server's CPU and RSS
// in that second (/proc) — so a drop in the middle of a run is seen, and explained, not averaged away.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { rssMb } from './processes.mjs';
import { STEADY_FRACTION } from './scenarios.mjs';

/** The process's CPU time so far, in seconds (utime + stime from /proc/PID/stat; 100 ticks a second on Linux). */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Per-second samples: `{ second, rps, cpu (% of one core), rssMb }`. */
const sampleRun = (options, pid) =>
  new Promise((resolve, reject) => {
    const samples = [];
    let last = { at: performance.now(), cpu: cpuSeconds(pid) };
    const instance = autocannon(options, (error) => (error ? reject(error) : resolve(samples)));
    instance.on('tick', ({ counter }) => {
      const now = { at: performance.now(), cpu: cpuSeconds(pid) };
      const seconds = (now.at - last.at) / 1000;
      // A tick as the run stops may come a fraction of a second after the one before: not a second.
      if (seconds >= 0.5) {
        samples.push({ second: samples.length + 1, rps: counter / seconds, cpu: (100 * (now.cpu - last.cpu)) / seconds, rssMb: rssMb(pid) });
      }
      last = now;
    });
  });

const compact = (samples) => {
  const fives = [];
  for (let i = 0; i < samples.length; i += 5) fives.push(samples.slice(i, i + 5));
  const k = (rps) => `${(rps / 1000).toFixed(1)}k`;
  return fives
    .map(
      (group) =>
        `${k(Math.min(...group.map((s) => s.rps)))}/${Math.round(Math.max(...group.map((s) => s.cpu)))}%/${Math.round(Math.max(...group.map((s) => s.rssMb)))}MB`,
    )
    .join(' ');
};

/** The row: min / median answers per second; passes when no second falls below STEADY_FRACTION of the median. */
export const slowStateRow = async ({ base, world, pid, seconds }) => {
  const requests = world.reportIds.map((id) => ({
    method: 'GET',
    path: `/v2/org/report/${id}`,
    headers: { 'content-type': 'application/json;charset=utf-8', 'x-api-key': world.key },
  }));
  const options = { url: base, connections: 100, pipelining: 10, requests };
  await new Promise((resolve, reject) => autocannon({ ...options, duration: 2 }, (error) => (error ? reject(error) : resolve())));
  // One second more than measured: the last tick comes as the run winds down (connections closing), not a second.
  const samples = (await sampleRun({ ...options, duration: seconds + 1 }, pid)).slice(0, seconds);
  const rates = samples.map((sample) => sample.rps);
  const middle = median(rates);
  const lowest = Math.min(...rates);
  const slowest = samples[rates.indexOf(lowest)];
  return {
    scenario: `slow state: ${seconds} s of report reads on one server, per second`,
    value: lowest,
    unit: 'req/s (slowest second)',
    rps: middle,
    target: `each second ≥ ${STEADY_FRACTION}× the median`,
    pass: lowest >= STEADY_FRACTION * middle,
    note: `min ${Math.round(lowest)} (s ${slowest.second}: CPU ${Math.round(slowest.cpu)}%, RSS ${Math.round(slowest.rssMb)} MB) / median ${Math.round(middle)} req/s; per 5 s, slowest second/peak CPU/peak RSS: ${compact(samples)}`,
    series: samples.map((sample) => ({ ...sample, rps: Math.round(sample.rps), cpu: Math.round(sample.cpu), rssMb: Math.round(sample.rssMb) })),
  };
};
