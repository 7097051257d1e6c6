// Issue 49: native languages and SQL straight on @assay/sandbox, no server (packages/sandbox/bench/native-runs.mjs,
// in a process of its own): isolated compile-and-run per second per language with where the time goes, each compiled
// language's ratio to C's in the same run (issue 63), SQL queries per second on a 1,000-row seed, a class of 60
// pressing Run every 10 s in Java and in C++, and 1 vs 2 processes. A language this host cannot run, or not written
// yet, shows as such without a pass/fail (it is not a throughput figure). Also runnable alone:
// `node bench/src/native-runs.mjs [--check] [--quick]`.
import { pathToFileURL } from 'node:url';
import { nativeClassDrives } from './native-class-drive.mjs';
import { runInOwnProcess } from './own-process.mjs';

const SCRIPT = new URL('../../packages/sandbox/bench/native-runs.mjs', import.meta.url);

const round = (value) => (value === undefined ? '-' : String(Math.round(value)));

export const nativeRunRows = async ({ quick = false } = {}) => {
  const { targetOf, CLASS_P99_MS, RATIO_TO_C_TARGETS, ratiosToC } = await import(SCRIPT.href);
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
  for (const [language, ratio] of Object.entries(ratiosToC(figures.languages))) {
    const scenario = `compile-and-run/s, ${language} as a ratio to C's (same run)`;
    const own = figures.languages[language];
    rows.push(
      ratio === undefined
        ? { scenario, unit: '', note: `c ${figures.languages.c?.status ?? 'missing'}, ${language} ${own?.status ?? 'missing'}` }
        : {
            scenario,
            value: own.perSecond,
            unit: 'runs/s',
            ratio,
            target: `≥ ${RATIO_TO_C_TARGETS[language]}× C`,
            pass: ratio >= RATIO_TO_C_TARGETS[language],
            note: `${own.perSecond.toFixed(1)} runs/s over C's ${figures.languages.c.perSecond.toFixed(1)} in the same run`,
          },
    );
  }
  for (const [language, klass] of Object.entries(figures.classes)) {
    const name = { java: 'Java', cpp: 'C++' }[language] ?? language;
    const scenario = `a class of 60 pressing Run every 10 s, ${name} (6 runs/s offered)`;
    const isolated = figures.languages[language];
    rows.push(
      klass.status === 'ran'
        ? {
            scenario,
            value: klass.runs,
            unit: 'runs',
            p50: klass.p50,
            p99: klass.p99,
            target: `0 refused, p99 < ${CLASS_P99_MS} ms`,
            pass: klass.refused === 0 && klass.failed === 0 && klass.p99 < CLASS_P99_MS,
            note: `${klass.refused} refused; isolated capacity in this run ${isolated?.status === 'ran' ? isolated.perSecond.toFixed(1) : '-'} runs/s`,
          }
        : { scenario, unit: '', note: klass.status },
    );
  }
  // The same classes through the candidate API of a server started as scripts/up.sh starts it (issue 63, item 3).
  const drives = await nativeClassDrives({ languages: Object.keys(figures.classes), activeSeconds: quick ? 10 : 30 });
  for (const [language, drive] of Object.entries(drives)) {
    const name = { java: 'Java', cpp: 'C++' }[language] ?? language;
    const scenario = `a class of 60 pressing Run every 10 s through the API (up.sh's settings), ${name}`;
    const isolated = figures.languages[language];
    const capacity = `isolated capacity in this run ${isolated?.status === 'ran' ? isolated.perSecond.toFixed(1) : '-'} runs/s`;
    rows.push(
      drive.p99 === undefined
        ? { scenario, unit: '', note: drive.status ?? 'no figures' }
        : {
            scenario,
            value: drive.p99,
            unit: 'ms',
            p50: drive.p50,
            p99: drive.p99,
            target: `0 refused, p99 < ${CLASS_P99_MS} ms`,
            pass: drive.refused === 0 && drive.errors === 0 && drive.failedRuns === 0 && drive.p99 < CLASS_P99_MS,
            note: `${drive.passingPerSecond.toFixed(1)} passing runs/s of ${drive.offeredPerSecond} offered, ${drive.refused} refused${drive.errors > 0 ? `, ${drive.errors} errors ${JSON.stringify(drive.statuses)}` : ''}; ${capacity}`,
          },
    );
  }
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  const { printTable } = await import('./table.mjs');
  const { loadavg } = await import('node:os');
  const rows = await nativeRunRows({ quick: args.has('--quick') });
  printTable({
    date: new Date().toISOString(),
    machine: `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
    backend: 'sandbox',
    quick: args.has('--quick'),
    rows,
  });
  if (args.has('--check') && rows.some((row) => row.pass === false)) process.exit(1);
}
