import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession } from '@assay/domain';
import { sampleDefinition } from '../helpers/fixtures.js';
import { buildIfStale, call, createOrg, diagnostics, importTest, killAll, sleep, startServer, type RunningServer } from './processes.js';

/**
 * Issue 48, item 1, as the review tried it: back-to-back 8 MiB bulk files (2.8 million CSV rows of `a,`, a JSON list
 * of 2.8 million empty objects), to a real test and to a test that does not exist, from an admin key, while a
 * candidate saves answers. Before decision 630 each file was parsed whole on the event loop (20–30 s on this
 * machine): every save and /healthz waited behind it. Now the missing test answers 404.2 before the body is read and
 * the real one 413.2 at row 10,001: the candidate's saves keep a p90 under 200 ms, none takes a second, and /healthz
 * answers throughout. With ~80 saves a p99 is the single slowest, which one scheduling hiccup of a shared 2-core machine
 * decides (214 ms once); the old freeze was tens of seconds. The speed itself is `pnpm bench`'s save row.
 */
const EIGHT_MIB = 8 * 1024 * 1024;
/**
 * The flood's bounds, one file after another, back to back: it goes on for at least FLOOD_MIN_MS (refusals that answer
 * before the body is read make files cheap, and a flood of a second measures too few saves and health checks), and
 * stops at FLOOD_FILES files or FLOOD_MS, whichever comes first.
 */
const FLOOD_FILES = 400;
const FLOOD_MIN_MS = 3_000;
const FLOOD_MS = 8_000;
const GIVE_UP_MS = 60_000;
const run = promisify(execFile);

/**
 * The flood, in a process of its own so that sending it costs the measuring process nothing: 8 MiB files posted one
 * after another with fetch (which reads an answer that comes before the whole body was sent), printed as JSON.
 */
const FLOOD_SCRIPT = `
const [url, apiKey, testId, missingTestId, files, minMs, ms] = process.argv.slice(1);
const eightMiB = ${EIGHT_MIB};
const csv = Buffer.from('email,name\\n' + 'a,\\n'.repeat(Math.floor((eightMiB - 11) / 3)));
const json = Buffer.from('[' + '{},'.repeat(Math.floor((eightMiB - 3) / 3)) + '{}]');
const kinds = [
  { body: csv, type: 'text/csv', onTest: testId, expected: '413.2' },
  { body: json, type: 'application/json', onTest: testId, expected: '413.2' },
  { body: csv, type: 'text/csv', onTest: missingTestId, expected: '404.2' },
  { body: json, type: 'application/json', onTest: missingTestId, expected: '404.2' },
];
const answers = [];
const started = performance.now();
const elapsed = () => performance.now() - started;
for (let sent = 0; sent < Number(files) && (elapsed() < Number(minMs) || sent < 8) && elapsed() < Number(ms); sent += 1) {
  const kind = kinds[sent % kinds.length];
  let got;
  try {
    const response = await fetch(url + '/v2/org/tests/' + kind.onTest + '/invitations/bulk', {
      method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': kind.type }, body: kind.body, signal: AbortSignal.timeout(${GIVE_UP_MS}),
    });
    got = (await response.json()).statuscode;
  } catch (error) {
    got = 'no answer (' + String(error.cause ?? error) + ')';
  }
  answers.push({ expected: kind.expected, got });
}
console.log(JSON.stringify({ answers, ms: performance.now() - started }));
`;

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe('a bulk-file flood while a candidate saves answers (SQLite, real processes)', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(() => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`bulk-flood.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-bulk-flood-'));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('keeps the candidate p90 under 200 ms and /healthz answering; the flood gets 413.2 and 404.2', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`bulk-flood diagnostics:\n${diagnostics()}`));
    // Compilers not warmed (startServer's default): their first minute's builds (five toolchains on 2 cores) are not what this measures, and
    // made a save's p99 the warm-up's (283 ms once). `compiler-warmth` and `sandbox-warmup` cover the warm-up.
    server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, { ASSAY_OUTBOX_DIR: join(dir, 'outbox') });
    const org = await createOrg(server.url, 'Bulk Flood Org');
    const testId = await importTest(server.url, org.apiKey, sampleDefinition);
    const missingTestId = testId + 1_000;
    const { takeTestURL } = await call<{ takeTestURL: string }>(server.url, 'POST', `/v2/org/tests/${testId}/register`, {
      apiKey: org.apiKey,
      body: { emailId: 'candidate@example.com', fullName: 'Ada Lovelace' },
    });
    const token = new URL(takeTestURL).pathname.split('/').at(-1)!;
    const session = await call<CandidateSession>(server.url, 'POST', `/candidate/v1/${token}/start`);
    const coding = session.test.sections.at(-1)!.questions!.at(-1)!.questionId;

    let flooding = true;
    const saves: number[] = [];
    const failedSaves: string[] = [];
    const save = async (round: number) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/candidate/v1/${token}/answers/${coding}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json;charset=utf-8' },
        body: JSON.stringify({ code: `function sum(numbers) { return ${round}; }` }),
        signal: AbortSignal.timeout(GIVE_UP_MS),
      });
      const text = await response.text();
      saves.push(performance.now() - started);
      if (response.status !== 200) failedSaves.push(`${response.status}: ${text}`);
    };
    const health: { status: number; ms: number }[] = [];
    const poll = async () => {
      const started = performance.now();
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(GIVE_UP_MS) }).catch(() => undefined);
      await response?.text();
      health.push({ status: response?.status ?? 0, ms: performance.now() - started });
    };

    // Without a flood first: what a save costs on this machine at this moment (reported, not asserted).
    for (let round = 1; round <= 10; round += 1) await save(-round);
    const quiet = saves.splice(0);
    const candidate = (async () => {
      for (let round = 1; flooding; round += 1) {
        await save(round);
        await sleep(20);
      }
    })();
    const healthz = (async () => {
      while (flooding) {
        await poll();
        await sleep(200);
      }
    })();

    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      FLOOD_SCRIPT,
      server.url,
      org.apiKey,
      String(testId),
      String(missingTestId),
      String(FLOOD_FILES),
      String(FLOOD_MIN_MS),
      String(FLOOD_MS),
    ]);
    const flood = JSON.parse(stdout) as { answers: { expected: string; got: string }[]; ms: number };
    const answers = flood.answers;
    flooding = false;
    await Promise.all([candidate, healthz]);

    const p90 = percentile(saves, 90);
    const slowestSave = Math.max(...saves);
    const slowestHealth = Math.max(...health.map((answer) => answer.ms));
    console.info(
      `quiet saves: p50 ${Math.round(percentile(quiet, 50))} ms, slowest ${Math.round(Math.max(...quiet))} ms; bulk flood: ${answers.length} files of 8 MiB in ${Math.round(flood.ms)} ms; ${saves.length} saves, p50 ${Math.round(percentile(saves, 50))} ms, p90 ${Math.round(p90)} ms, slowest ${Math.round(slowestSave)} ms; /healthz slowest ${Math.round(slowestHealth)} ms`,
    );
    expect(failedSaves).toEqual([]);
    expect(saves.length).toBeGreaterThanOrEqual(20);
    expect(p90).toBeLessThan(200);
    expect(slowestSave).toBeLessThan(1_000);
    expect(health.length).toBeGreaterThanOrEqual(5);
    expect(health.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(slowestHealth).toBeLessThan(1_000);
    expect(answers.length).toBeGreaterThanOrEqual(8);
    expect(answers.filter((answer) => answer.got !== answer.expected)).toEqual([]);
  }, 180_000);
});
