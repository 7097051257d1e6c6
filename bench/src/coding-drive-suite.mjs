// Coding questions at class scale (issue 28): candidates pressing Run on a real server. The server is started the way
// the README starts it (`node apps/server/dist/main.js`) with its default settings (request logs at info, one
// sandbox worker per CPU, Python prepared on demand), except what names its port, database and admin token and the rate
// limits, raised out of the way (the sample-run budget per attempt included): the rows measure the sandbox and the
// server, not the limits. Tests are imported like the shipped examples; candidates are registered through the API
// and started. Also runnable alone: `node bench/src/coding-drive-suite.mjs [--check] [--quick]`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { codingDriveScoringRows } from './coding-drive-scoring.mjs';
import { runCodingDrive } from './own-process.mjs';
import { rssMb } from './processes.mjs';
import { startServer } from './coding-drive-server.mjs';
import { pythonCampusRows } from './python-campus.mjs';
import { scaleOutRowsOnGivenPostgres } from './scale-out.mjs';
import { availableParallelism } from 'node:os';
import { call } from './seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const CODING_TARGETS = {
  pythonP99Ms: 300,
  javascriptP99Ms: 150,
  /** TypeScript's p99 at most this many times JavaScript's, under the same load. */
  typescriptToJavascript: 1.5,
  idleRssMb: 100,
  /**
   * Idle server + a warm Python worker (~175 MB measured: the sandbox README says what each part costs) for each of
   * the sandbox's workers (one per core: 2 on the 2-core bench machine) and the standby.
   */
  warmPythonPoolRssMb: 100 + (Math.min(8, availableParallelism()) + 1) * 180,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const example = (name) => JSON.parse(readFileSync(join(ROOT, 'examples/tests', `${name}.json`), 'utf8'));

/** The algorithms screen with TypeScript allowed beside JavaScript on each of its questions. */
const withTypeScript = (test) => ({
  ...test,
  testName: `${test.testName} (TypeScript allowed)`,
  sections: test.sections.map((section) => ({
    ...section,
    questions: section.questions.map(({ language: _language, ...question }) =>
      question.type === 'coding' ? { ...question, languages: ['javascript', 'typescript'] } : question,
    ),
  })),
});

const TWO_SUM_JS =
  'function twoSum(nums, target) {\n  const seen = new Map();\n  for (let i = 0; i < nums.length; i++) {\n    const j = seen.get(target - nums[i]);\n    if (j !== undefined) return [j, i];\n    seen.set(nums[i], i);\n  }\n  return [];\n}\n';
const TWO_SUM_TS =
  'function twoSum(nums: number[], target: number): number[] {\n  const seen = new Map<number, number>();\n  for (let i = 0; i < nums.length; i++) {\n    const j: number | undefined = seen.get(target - nums[i]);\n    if (j !== undefined) return [j, i];\n    seen.set(nums[i], i);\n  }\n  return [];\n}\n';
const WORD_COUNTS_PY =
  'def word_counts(text):\n    counts = {}\n    for word in text.lower().split():\n        counts[word] = counts.get(word, 0) + 1\n    return counts\n';

const driveRow = (scenario, drive, target, pass) => ({
  scenario,
  value: drive.p99,
  unit: 'ms',
  p50: drive.p50,
  p99: drive.p99,
  target,
  pass: pass && drive.refused === 0 && drive.errors === 0 && drive.failedRuns === 0,
  note:
    `${drive.passingPerSecond.toFixed(1)} passing runs/s of ${drive.offeredPerSecond} offered, ${drive.refused} refused` +
    `${drive.errors > 0 ? `, ${drive.errors} errors ${JSON.stringify(drive.statuses)}` : ''}${drive.failedRuns > 0 ? `, ${drive.failedRuns} runs failed` : ''}`,
});

/**
 * Every coding-drive row: the drives of this file, the Python campus (python-campus.mjs, issue 63 item 4), then the class submitting at once (coding-drive-scoring.mjs, item
 * 3) and scoring with 1 vs 2 processes on PostgreSQL (scale-out.mjs, item 5; skipped without a PostgreSQL server).
 * @param {{ quick?: boolean, databaseUrl?: string }} options
 */
export const codingDriveRows = async (options = {}) => {
  const rows = await runDrives(options);
  console.log('bench: coding drive, a campus of Python candidates (issue 63, item 4)');
  rows.push(...(await pythonCampusRows({ quick: options.quick, databaseUrl: options.databaseUrl })));
  console.log('bench: coding drive, 200 candidates submitting a Python test at once');
  rows.push(...(await codingDriveScoringRows()));
  console.log('bench: coding drive, scoring with 1 vs 2 processes on PostgreSQL');
  rows.push(...(await scaleOutRowsOnGivenPostgres({ quick: options.quick })));
  return rows;
};

/** @param {{ quick?: boolean, databaseUrl?: string }} options */
const runDrives = async ({ quick = false, databaseUrl } = {}) => {
  const scratch = mkdtempSync(join(tmpdir(), 'assay-coding-drive-'));
  const server = await startServer(scratch, databaseUrl);
  try {
    await sleep(2000);
    const idleRss = rssMb(server.child.pid);
    const { base } = server;
    const org = await call(base, 'POST', '/admin/orgs', { admin: true, body: { name: 'Coding drive', email: 'coding@example.com' } });
    const imported = async (test) => (await call(base, 'POST', '/v2/org/tests', { key: org.apiKey, body: test })).testId;
    const algorithms = example('algorithms-coding-screen');
    const tests = {
      javascript: await imported(algorithms),
      typescript: await imported(withTypeScript(algorithms)),
      python: await imported(example('python-coding-screen')),
    };
    const runId = String(Date.now());
    const drive = (language, candidates, everySeconds, activeSeconds) => {
      const code = { javascript: TWO_SUM_JS, typescript: TWO_SUM_TS, python: WORD_COUNTS_PY }[language];
      console.log(`bench: coding drive, ${language}, ${candidates} candidates pressing Run every ${everySeconds} s`);
      return runCodingDrive({
        base,
        key: org.apiKey,
        testId: tests[language],
        functionName: language === 'python' ? 'word_counts' : 'twoSum',
        language,
        code,
        comment: language === 'python' ? '#' : '//',
        candidates,
        everySeconds,
        activeSeconds: quick ? 10 : activeSeconds,
        runId: `${runId}-${language}-${candidates}`,
      });
    };
    const javascript = await drive('javascript', 300, 5, 20);
    const typescript = await drive('typescript', 300, 5, 20);
    const python50 = await drive('python', 50, 5, 20);
    const python200 = await drive('python', 200, 10, 30);
    await sleep(3000);
    const warmRss = rssMb(server.child.pid);
    const typescriptLimit = CODING_TARGETS.typescriptToJavascript * javascript.p99;
    return [
      {
        scenario: 'idle RSS after start, default settings (coding drive server)',
        value: idleRss,
        unit: 'MB',
        target: CODING_TARGETS.idleRssMb,
        pass: idleRss < CODING_TARGETS.idleRssMb,
        note: 'ASSAY_SANDBOX_PREWARM=on-demand: no interpreter',
      },
      driveRow(
        'coding drive, JavaScript, 300 candidates every 5 s: p99 Run',
        javascript,
        `< ${CODING_TARGETS.javascriptP99Ms} ms, 0 refused`,
        javascript.p99 < CODING_TARGETS.javascriptP99Ms,
      ),
      driveRow(
        'coding drive, TypeScript, 300 candidates every 5 s: p99 Run',
        typescript,
        `≤ ${CODING_TARGETS.typescriptToJavascript}× JavaScript's (${Math.round(typescriptLimit)} ms)`,
        typescript.p99 <= typescriptLimit,
      ),
      driveRow(
        'coding drive, Python, 50 candidates every 5 s: p99 Run',
        python50,
        `< ${CODING_TARGETS.pythonP99Ms} ms, 0 refused`,
        python50.p99 < CODING_TARGETS.pythonP99Ms,
      ),
      driveRow(
        'coding drive, Python, 200 candidates every 10 s: p99 Run',
        python200,
        `< ${CODING_TARGETS.pythonP99Ms} ms, 0 refused`,
        python200.p99 < CODING_TARGETS.pythonP99Ms,
      ),
      {
        scenario: 'server RSS with a warm Python pool (3 s after the drives)',
        value: warmRss,
        unit: 'MB',
        target: CODING_TARGETS.warmPythonPoolRssMb,
        pass: warmRss < CODING_TARGETS.warmPythonPoolRssMb,
        note: `${Math.min(8, availableParallelism())} sandbox workers (one per core) + the standby, each with an interpreter`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  const { printTable } = await import('./table.mjs');
  const rows = await codingDriveRows({ quick: args.has('--quick'), databaseUrl: process.env.ASSAY_DATABASE_URL });
  printTable({
    date: new Date().toISOString(),
    machine: '',
    backend: process.env.ASSAY_DATABASE_URL ? 'postgres' : 'sqlite',
    quick: args.has('--quick'),
    rows,
  });
  if (args.has('--check') && rows.some((row) => row.pass === false)) process.exit(1);
}
