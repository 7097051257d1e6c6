import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '@assay/store';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { garbageZlibPng, hugeHeaderPng, realImage, truncatedZlibPng } from '../../../../packages/reports/test/hostile-images.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { buildIfStale, call, createDatabase, createOrg, diagnostics, importTest, inPool, killAll, startServer, type RunningServer } from './processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * Issue 7.1 on the real server process: 50 PDF and Excel exports at once, some of reports whose stored snapshots
 * are hostile, while /healthz keeps answering quickly, because rendering happens on worker threads. Before, the
 * exports froze /healthz for seconds and the first hostile PDF ended the process.
 */
const CANDIDATES = 24;
const PDF_EXPORTS = 20;
const SIGNED_EXPORTS = 5;
const EXCEL_EXPORTS = 25;
/**
 * Rendering on the server's own thread held /healthz for seconds. On a loaded CI machine (2 cores, other suites
 * beside this one) a single probe can wait on the scheduler for a few hundred ms, so the bound is on the 90th
 * percentile, and the slowest probe only has to stay far from the seconds of the old freeze.
 */
const HEALTH_BOUND_MS = 200;
const SLOWEST_BOUND_MS = 1_500;

const backends = ['sqlite', 'postgres'] as const;

describe.each(backends)('exports never stall or take down the server (%s, real process)', (backend) => {
  let dir: string;
  let databaseUrl: string;
  let dropDatabase: (() => Promise<unknown>) | undefined;
  let store: Store | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`export-isolation.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-exports-'));
    if (backend === 'sqlite') databaseUrl = `sqlite:${join(dir, 'assay.db')}`;
    else {
      const database = await createDatabase(inject('pgUrl'), 'exports');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await store?.close();
    await dropDatabase?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`answers 9 in 10 /healthz in < ${HEALTH_BOUND_MS} ms, and every one in < ${SLOWEST_BOUND_MS} ms, during 50 concurrent exports, hostile snapshots included`, async ({
    onTestFailed,
  }) => {
    onTestFailed(() => console.error(`export-isolation diagnostics:\n${diagnostics()}`));
    server = await startServer(`server-${backend}`, databaseUrl);
    const { url } = server;
    const org = await createOrg(url, 'Export Org');
    const testId = await importTest(url, org.apiKey, sampleDefinition);
    const link = await call<{ testLinkId: number }>(url, 'POST', `/v2/org/tests/${testId}/testlinks`, {
      apiKey: org.apiKey,
      body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1 },
    });
    const image = `data:image/jpeg;base64,${(await realImage('jpeg')).toString('base64')}`;
    const invitations = await inPool(
      Array.from({ length: CANDIDATES }, (_, index) => index),
      4,
      async (index) => {
        const { testInvitationId, testUrl } = await call<{ testInvitationId: number; testUrl: string }>(
          url,
          'POST',
          `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
          { apiKey: org.apiKey, body: { emailId: `export${index}@example.com`, fullName: `Export ${index}` } },
        );
        const token = new URL(testUrl).pathname.split('/').at(-1)!;
        await call(url, 'POST', `/candidate/v1/${token}/start`);
        await call(url, 'POST', `/candidate/v1/${token}/snapshots`, { body: { image } });
        await call(url, 'POST', `/candidate/v1/${token}/submit`);
        return testInvitationId;
      },
    );

    // Old rows, stored before the upload checks: written straight into the database the server uses.
    store = await openStore(databaseUrl);
    const hostileId = invitations[0]!;
    for (const bytes of [garbageZlibPng(), truncatedZlibPng(), hugeHeaderPng()]) {
      await store.attempts.addSnapshot(hostileId, Date.now(), 'image/png', bytes);
    }
    const key = await store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
    const completedAt = (await store.attempts.findById(hostileId))!.invitation.completedAt!;
    const signed = signedReportUrl(url, key, { invitationId: hostileId, completedAt }, Date.now());

    const exports = [
      ...Array.from({ length: PDF_EXPORTS }, (_, index) => ({ kind: 'pdf', url: `${url}/v2/org/report/${invitations[index % CANDIDATES]}/pdf` })),
      ...Array.from({ length: SIGNED_EXPORTS }, () => ({ kind: 'pdf', url: signed })),
      ...Array.from({ length: EXCEL_EXPORTS }, () => ({ kind: 'xlsx', url: `${url}/v2/org/report/${testId}/excel` })),
    ];
    let running = true;
    const latencies: number[] = [];
    const health = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`${url}/healthz`);
        await response.text();
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = performance.now();
    const answers = await Promise.all(
      exports.map(async (exported) => {
        const response = await fetch(exported.url, { headers: { 'x-api-key': org.apiKey } });
        return { ...exported, status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    const elapsed = performance.now() - started;
    running = false;
    await health;

    for (const answer of answers) {
      expect(answer.status, `${answer.url}: ${answer.bytes.subarray(0, 200).toString()}`).toBe(200);
      expect(answer.bytes.subarray(0, answer.kind === 'pdf' ? 5 : 2).toString('latin1')).toBe(answer.kind === 'pdf' ? '%PDF-' : 'PK');
    }
    console.info(
      `export-isolation (${backend}): ${exports.length} exports in ${Math.round(elapsed)} ms; ` +
        `${latencies.length} /healthz, slowest ${Math.round(Math.max(...latencies))} ms`,
    );
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(HEALTH_BOUND_MS);
    expect(sorted.at(-1)).toBeLessThan(SLOWEST_BOUND_MS);
    expect(server.proc.alive()).toBe(true);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 180_000);
});
