// Issue 49: native languages and SQL straight on @assay/sandbox, no server (packages/sandbox/bench/native-runs.mjs,
// in a process of its own): isolated compile-and-run per second per language with where the time goes, SQL queries
// per second on a 1,000-row seed, a class of 60 pressing Run every 10 s in Java, and 1 vs 2 processes. A language
// this host cannot run, or not written yet, shows as such without a pass/fail (it is not a throughput figure).
import { runInOwnProcess } from './own-process.mjs';

const SCRIPT = new URL('../../packages/sandbox/bench/native-runs.mjs', import.meta.url);

const round = (value) => (value === undefined ? '-' : String(Math.round(value)));

export const nativeRunRows = async ({ quick = false } = {}) => {
  const { targetOf, CLASS_P99_MS } = await import(SCRIPT.href);
  const figures = await runInOwnProcess(SCRIPT, { seconds: quick ? 3 : 10 });
  const rows = Object.entries(figures.languages).map(([language, row]) => {
    const sql = language === 'sqlite' || language === 'postgresql';
    const scenario = sql
      ? `isolated SQL queries/s, ${language} (1,000-row seed)`
      : `isolated compile-and-run/s, ${language} (5 test calls, ${figures.cores} slots)`;
    if (row.status !== 'ran') {
      return {
        scenario,
        unit: '',
        note: `${row.status}${row.reason ? `: ${row.reason}` : ''}${row.firstFailure ? `: ${String(row.firstFailure).slice(0, 80)}` : ''}`,
        ...(row.status === 'failing' ? { pass: false } : {}),
      };
    }
    const where = sql
      ? ''
      : `one run ${round(row.totalMs)} ms: jailed compile ${round(row.compileMs)}, run ${round(row.runMs)}, outside the jail (warm compiler, host) ${round(row.outsideMs)}; jail floor ${round(figures.jailFloorMs)} ms`;
    return {
      scenario,
      value: row.perSecond,
      unit: sql ? 'queries/s' : 'runs/s',
      target: `≥ ${targetOf(language)}/s`,
      pass: row.perSecond >= targetOf(language) && row.failed === 0,
      note: where,
    };
  });
  const klass = figures.javaClass;
  rows.push(
    klass.status === 'ran'
      ? {
          scenario: 'a class of 60 pressing Run every 10 s, Java (6 runs/s offered)',
          value: klass.runs,
          unit: 'runs',
          p50: klass.p50,
          p99: klass.p99,
          target: `0 refused, p99 < ${CLASS_P99_MS} ms`,
          pass: klass.refused === 0 && klass.failed === 0 && klass.p99 < CLASS_P99_MS,
          note: `${klass.refused} refused`,
        }
      : { scenario: 'a class of 60 pressing Run every 10 s, Java (6 runs/s offered)', unit: '', note: klass.status },
  );
  const processes = figures.javaProcesses;
  rows.push(
    processes.status === 'ran'
      ? {
          scenario: 'Java compile-and-run/s, 2 processes vs 1',
          value: processes.twoProcesses,
          unit: 'runs/s',
          note: `1 process: ${round(processes.oneProcess)} runs/s`,
        }
      : { scenario: 'Java compile-and-run/s, 2 processes vs 1', unit: '', note: processes.status },
  );
  return rows;
};
