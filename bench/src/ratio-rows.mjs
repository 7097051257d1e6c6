// Load rows as ratios to the bare-Fastify baseline measured between every two rows: each row is judged against the
// mean of the two baseline runs around it, i.e. the machine as it was while the row ran (decision 193). Each row's
// note also says how many lines the server logged while it ran (warm-up and run), read from its log drain.
import { SPEC_HEADERS } from './api.mjs';
import { measure } from './load.mjs';

export const createRatioRows = ({ baselineUrl, seconds, drain }) => {
  const baselines = [];
  // The baseline's requests carry the spec's header too, so the ratio compares like with like.
  const measureBaseline = async () => baselines.push(await measure({ url: baselineUrl, headers: SPEC_HEADERS, seconds }));
  const aroundLast = () => (baselines.at(-2).rps + baselines.at(-1).rps) / 2;

  /** Measures `scenario` on `base`, then the baseline again; answers the figures and the baseline around them. */
  const measured = async (base, scenario) => {
    if (baselines.length === 0) await measureBaseline();
    const before = (await drain.settled()).lines;
    const figures = await measure({ ...scenario, url: `${base}${scenario.path ?? '/'}`, seconds });
    const atEnd = await drain.lines();
    // The baseline runs once the server has written what it buffered: its backlog would otherwise share the CPU.
    const after = await drain.settled();
    await measureBaseline();
    return { figures, baselineRps: aroundLast(), logLines: after.lines - before, backlog: { lines: after.lines - atEnd, ms: after.ms } };
  };

  const logNote = ({ figures, logLines, backlog }) =>
    `${logLines} log lines, ${(logLines / Math.max(1, figures.sent)).toFixed(2)} per request` +
    (backlog.lines > 0 ? ` (${backlog.lines} written after the load, over ${(backlog.ms / 1000).toFixed(1)} s)` : '');
  const logNoteOf = (scenario, run) => (scenario.assay === false ? '' : `; ${logNote(run)}`);

  /** A row with a target (`scenario.ratio`, maybe `scenario.p99`). */
  const targetRow = async (base, scenario) => {
    const run = await measured(base, scenario);
    const { figures, baselineRps } = run;
    const ratio = figures.rps / baselineRps;
    const p99ok = scenario.p99 === undefined || figures.p99 <= scenario.p99;
    return {
      scenario: scenario.name,
      rps: figures.rps,
      p50: figures.p50,
      p99: figures.p99,
      ratio,
      baselineRps,
      logLines: run.logLines,
      target: `≥ ${scenario.ratio.toFixed(2)}×${scenario.p99 ? `, p99 ≤ ${scenario.p99} ms` : ''}`,
      pass: ratio >= scenario.ratio && p99ok && figures.unexpected === 0,
      note: `${figures.unexpected > 0 ? `${figures.unexpected} unexpected answers; ` : ''}baseline around it ${Math.round(baselineRps)} req/s${logNoteOf(scenario, run)}`,
    };
  };

  /** A row without a target: a reference to read the others by. */
  const referenceRow = async (base, scenario, note) => {
    const run = await measured(base, scenario);
    const { figures, baselineRps } = run;
    return {
      scenario: scenario.name,
      rps: figures.rps,
      p50: figures.p50,
      p99: figures.p99,
      ratio: figures.rps / baselineRps,
      baselineRps,
      logLines: run.logLines,
      note: `${figures.unexpected > 0 ? `${figures.unexpected} unexpected answers; ` : ''}${note ?? 'reference, not a target'}${logNoteOf(scenario, run)}`,
    };
  };

  /** The baseline row: the mean of every baseline run and their range. */
  const baselineRow = () => {
    const rates = baselines.map((run) => run.rps);
    return {
      scenario: 'baseline: bare Fastify (mean of the runs between rows)',
      rps: rates.reduce((sum, rps) => sum + rps, 0) / rates.length,
      p50: baselines[0].p50,
      p99: baselines[0].p99,
      note: `${rates.length} runs, ${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))} req/s`,
    };
  };

  return { targetRow, referenceRow, baselineRow };
};
