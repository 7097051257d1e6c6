import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, parsePrometheusText } from '@assay/testing';
import { sampleDefinition } from '../helpers/fixtures.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import {
  ADMIN_TOKEN,
  buildIfStale,
  call,
  createOrg,
  diagnostics,
  freePort,
  importTest,
  killAll,
  SERVER_MAIN,
  spawnProcess,
  waitForOutput,
  waitUntil,
  type Proc,
} from './processes.js';

const METRICS_TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE-metrics';
/** One page: the start's write probe (an empty file) fits, an email does not. */
const OUTBOX_BYTES = 4096;

beforeAll(() => {
  buildIfStale();
}, 300_000);

/**
 * Issue 59 item 9: the server as `pnpm start` runs it (its outbox worker in the process, emails as `.eml` files), its
 * outbox folder on a real filesystem that is full — a one-page tmpfs, mounted by bubblewrap in the server's own mount
 * namespace, so no root is needed. Each failed write is logged at warn with ENOSPC and no personal data, counted in
 * `/metrics` with the gauge the example alert reads, and `/readyz` says the outbox cannot write.
 */
describe('a server whose outbox disk is full', () => {
  const root = mkdtempSync(join(tmpdir(), 'assay-full-outbox-'));
  const outboxDir = join(root, 'outbox');
  let server: Proc;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawnProcess(
      'full-outbox-server',
      'bwrap',
      ['--dev-bind', '/', '/', '--size', String(OUTBOX_BYTES), '--tmpfs', outboxDir, '--die-with-parent', '--', process.execPath, SERVER_MAIN],
      {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ASSAY_DATABASE_URL: `sqlite:${join(root, 'assay.db')}`,
        ASSAY_PUBLIC_URL: url,
        ASSAY_RUN_WORKER: 'true',
        ASSAY_WORKER_POLL_MS: '100',
        ASSAY_OUTBOX_DIR: outboxDir,
        ASSAY_SEED_DEMO: 'false',
        ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
        ASSAY_METRICS_TOKEN: METRICS_TOKEN,
        ASSAY_LANGUAGES: 'javascript',
        LOG_LEVEL: 'info',
        ...GENEROUS_RATE_LIMITS,
      },
    );
    await waitForOutput(server, /Assay is listening/);
  }, 120_000);

  afterAll(async () => {
    await killAll();
    rmSync(root, { recursive: true, force: true });
  });

  const warnings = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; code?: string })
      .filter((line) => line.level === 40 && line.msg.startsWith('an email '));

  it('logs each failed write with ENOSPC, counts it, and says so in /readyz and /metrics within seconds', async () => {
    const { apiKey } = await createOrg(url, 'Full Disk');
    const testId = await importTest(url, apiKey, sampleDefinition);
    const candidates = ['ann.private@candidates.test', 'joann.private@candidates.test', 'bo.private@candidates.test'];
    for (const emailId of candidates) {
      await call(url, 'POST', `/v2/org/tests/${testId}/register`, { apiKey, body: { emailId, fullName: 'Private Person', sendEmail: true } });
    }
    // The first attempt of each, then each one's retry 5 s later: every one fails on the full disk.
    expect(await waitUntil(() => warnings().length >= candidates.length + 1, 60_000), diagnostics()).toBe(true);

    for (const line of warnings()) {
      expect(line.code).toBe('ENOSPC');
      expect(line.msg).toContain(`could not be written into the outbox folder ${outboxDir} (ASSAY_OUTBOX_DIR): ENOSPC: no space left on device`);
    }
    expect(JSON.stringify(warnings())).not.toMatch(/private|candidates\.test/i);

    const readiness = (await (await fetch(`${url}/readyz`)).json()) as {
      statuscode: string;
      result: { email: { failedAttempts: number; problem: string } };
    };
    expect(readiness.statuscode).toBe('200.1');
    expect(readiness.result.email).toMatchObject({ mode: 'files', sending: 'failing', code: 'ENOSPC' });
    expect(readiness.result.email.failedAttempts).toBeGreaterThanOrEqual(candidates.length + 1);
    expect(readiness.result.email.problem).toMatch(new RegExp(`^Emails cannot be written into ${outboxDir} \\(ASSAY_OUTBOX_DIR\\): ENOSPC`));

    const samples = parsePrometheusText(await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text());
    expect(metricValue(samples, 'assay_email_failing', { mode: 'files' })).toBe(1);
    expect(metricValue(samples, 'assay_email_send_failures_total', { mode: 'files', code: 'ENOSPC' })).toBeGreaterThanOrEqual(candidates.length + 1);
  });
});
