// A test's list of invitations (issue 50, decision 769): the first page of `GET /v2/org/tests/{testId}/invitations` on
// a test with 10,000 invitations, and the acceptance's shortlist (completed, score at least N, no confirmed integrity
// evidence) on it, each asked one after another as a recruiter opens it. `node bench/src/invitation-list.mjs [--check]
// [--invitations N]` runs it alone on a server of its own (SQLite, or ASSAY_DATABASE_URL); `pnpm bench` adds the rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startAssay } from './assay-server.mjs';
import { insertBulkInvitations } from './bulk-invitations.mjs';
import { percentile } from './http-client.mjs';
import { startLogDrain } from './log-drain.mjs';
import { freePort } from './processes.mjs';
import { call, completeTinyAttempt, SPEC_HEADERS, TINY_TEST } from './seed.mjs';

/** "Well under a second": p99 of the first page, asked one at a time. */
export const LIST_TARGET_P99_MS = 250;
export const LIST_INVITATIONS = 10_000;
const SAMPLES = 40;

/** An org of its own, a one-question test, one attempt taken through the API and `count` copies of it in bulk SQL. */
export const seedListTest = async ({ base, databaseUrl, count = LIST_INVITATIONS }) => {
  const org = await call(base, 'POST', '/admin/orgs', { admin: true, body: { name: 'Bench list', email: 'list@example.com' } });
  const test = await call(base, 'POST', '/v2/org/tests', { key: org.apiKey, body: TINY_TEST('list') });
  const source = await completeTinyAttempt(base, org.apiKey, test.testId);
  await insertBulkInvitations({ databaseUrl, orgId: org.orgId, testId: test.testId, count: count - 1, sources: [source] });
  return { key: org.apiKey, testId: test.testId, count };
};

const timed = async (base, key, path) => {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { ...SPEC_HEADERS, 'x-api-key': key } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, count: JSON.parse(text).result.invitationsCount };
};

const row = async (base, key, scenario, path, count) => {
  await timed(base, key, path);
  const times = [];
  let matched = 0;
  for (let sample = 0; sample < SAMPLES; sample++) {
    const answer = await timed(base, key, path);
    times.push(answer.ms);
    matched = answer.count;
  }
  const p99 = percentile(times, 99);
  return {
    scenario,
    value: Math.round(p99 * 10) / 10,
    unit: 'ms',
    target: LIST_TARGET_P99_MS,
    pass: p99 < LIST_TARGET_P99_MS,
    note: `p99 of ${SAMPLES} in a row, p50 ${percentile(times, 50).toFixed(1)} ms; ${matched} of ${count} match`,
  };
};

/** The rows, on a seeded list test of a running server. */
export const invitationListRows = async ({ base, key, testId, count }) => [
  await row(base, key, `Invitation list of ${count.toLocaleString('en')}: page 1, p99`, `/v2/org/tests/${testId}/invitations`, count),
  await row(
    base,
    key,
    `Invitation list of ${count.toLocaleString('en')}: the shortlist, p99`,
    `/v2/org/tests/${testId}/invitations?status=Completed&min_score=1&integrity=unconfirmed&sort=-score`,
    count,
  ),
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--invitations');
  const count = at >= 0 ? Number(args[at + 1]) : LIST_INVITATIONS;
  const scratch = mkdtempSync(join(tmpdir(), 'assay-bench-list-'));
  const databaseUrl = process.env.ASSAY_DATABASE_URL ?? `sqlite:${join(scratch, 'assay.db')}`;
  const drain = startLogDrain();
  const port = await freePort();
  const server = await startAssay({ port, databaseUrl, scratch, drain });
  let rows = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const seeded = await seedListTest({ base, databaseUrl, count });
    rows = await invitationListRows({ base, ...seeded });
  } finally {
    await server.stop();
    drain.stop?.();
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const entry of rows) console.log(`${entry.pass ? 'ok  ' : 'MISS'} ${entry.scenario}: ${entry.value} ms (target < ${entry.target} ms; ${entry.note})`);
  if (args.includes('--check') && rows.some((entry) => !entry.pass)) process.exitCode = 1;
}
