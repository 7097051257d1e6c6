/**
 * The request log of the built server, read from its real stdout. At the default level (info) a request writes no
 * line of its own: the requests are summed up in one line per period while they come (count, status classes,
 * latency, the busiest routes by pattern) and once more at shutdown; at debug each request writes exactly one line,
 * its URL redacted. Lines are written asynchronously: none may be lost when the server stops on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, createOrg, inPool, killAll, sleep, startServer, waitUntil, type Proc } from './processes.js';

interface LogLine {
  msg?: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  orgId?: number;
  requests?: number;
  status?: Record<string, number>;
  latencyMs?: { p50: number; p99: number; max: number };
  busiestRoutes?: { route: string; requests: number }[];
  level?: number;
  dropped?: number;
  since?: string;
}

const jsonLines = (proc: Proc): LogLine[] =>
  proc
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const named = (proc: Proc, msg: string) => jsonLines(proc).filter((line) => line.msg === msg);

const dropReports = (proc: Proc) => jsonLines(proc).filter((line) => /^\d+ log lines dropped: stdout did not keep up$/.test(line.msg ?? ''));

/** Shaped like a take-test token: 43 URL-safe base64 characters. */
const secretShaped = () => randomBytes(32).toString('base64url');

describe('request logs of the server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-request-logs-'));
  let databases = 0;
  const database = () => `sqlite:${join(dir, `assay-${databases++}.db`)}`;

  beforeAll(() => {
    buildIfStale();
  }, 600_000);

  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends `path` and answers the status it got. */
  const get = async (url: string, path: string, apiKey?: string): Promise<number> => {
    const response = await fetch(`${url}${path}`, {
      headers: { 'content-type': 'application/json;charset=utf-8', ...(apiKey ? { 'x-api-key': apiKey } : {}) },
    });
    await response.text();
    return response.status;
  };

  const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

  it('at info, writes no line per request and sums them up in one line: counts by status class and busiest routes by pattern', async () => {
    const { proc, url } = await startServer('info', database(), { LOG_LEVEL: 'info', ASSAY_LOG_SUMMARY_SECONDS: '3600' });
    const org = await createOrg(url, 'Counted');
    const token = secretShaped();
    const statuses = [200];
    for (let index = 0; index < 6; index++) statuses.push(await get(url, '/v2/org/tests', org.apiKey));
    for (let index = 0; index < 3; index++) statuses.push(await get(url, '/v2/org/tests/987654', org.apiKey));
    for (let index = 0; index < 2; index++) statuses.push(await get(url, `/t/${token}`));
    for (let index = 0; index < 2; index++) statuses.push(await get(url, `/nowhere/${token}`));
    for (let index = 0; index < 2; index++) statuses.push(await get(url, '/v2/org/tests', 'assay_not-a-real-key-000000000000000000000000'));
    await proc.stop('SIGTERM');

    expect(jsonLines(proc).filter((line) => line.reqId !== undefined)).toEqual([]);
    const summaries = named(proc, 'requests served');
    expect(summaries).toHaveLength(1);
    const [summary] = summaries;
    const expectedClasses = { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 } as Record<string, number>;
    for (const status of statuses) expectedClasses[statusClass(status)]! += 1;
    expect(summary!.requests).toBe(statuses.length);
    expect(summary!.status).toEqual(expectedClasses);
    expect(summary!.busiestRoutes![0]).toEqual({ route: 'GET /v2/org/tests', requests: 8 });
    expect(summary!.busiestRoutes).toEqual(
      expect.arrayContaining([
        { route: 'GET /v2/org/tests/:testId', requests: 3 },
        { route: 'GET /t/:token', requests: 2 },
        { route: '(no route)', requests: 2 },
        { route: 'POST /admin/orgs', requests: 1 },
      ]),
    );
    const { p50, p99, max } = summary!.latencyMs!;
    expect([p50 > 0, p50 <= p99, p99 <= max]).toEqual([true, true, true]);
    expect(proc.output()).not.toContain(token.slice(0, 16));
  }, 120_000);

  it('at info, writes the summary every ASSAY_LOG_SUMMARY_SECONDS while requests come, and nothing while idle', async () => {
    const { proc, url } = await startServer('periodic', database(), { LOG_LEVEL: 'info', ASSAY_LOG_SUMMARY_SECONDS: '1' });
    for (let index = 0; index < 4; index++) expect(await get(url, '/healthz')).toBe(200);
    const summed = () => named(proc, 'requests served').reduce((sum, line) => sum + line.requests!, 0);
    expect(await waitUntil(() => summed() === 4, 10_000)).toBe(true);
    const written = named(proc, 'requests served').length;
    await sleep(2_500);
    expect(named(proc, 'requests served')).toHaveLength(written);
    await proc.stop('SIGTERM');
  }, 60_000);

  it('at debug, writes exactly one line per request with its URL redacted, and loses none at SIGTERM', async () => {
    const { proc, url } = await startServer('debug', database(), { LOG_LEVEL: 'debug' });
    const org = await createOrg(url, 'Lined');
    const token = secretShaped();
    const paths = [`/t/${token}`, `/candidate/v1/${token}`, '/v2/org/tests', '/healthz'];
    const sent = Array.from({ length: 400 }, (_, index) => paths[index % paths.length]!);
    await inPool(sent, 20, (path) => get(url, path, path.startsWith('/v2') ? org.apiKey : undefined));
    // No pause: what is still buffered must reach stdout before the process ends.
    await proc.stop('SIGTERM');

    const requestLines = named(proc, 'request completed');
    expect(requestLines).toHaveLength(sent.length + 1);
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(requestLines.length);
    expect(named(proc, 'incoming request')).toEqual([]);
    const counted = (path: string) => requestLines.filter((line) => line.url === path).length;
    expect([counted('/t/[redacted]'), counted('/candidate/v1/[redacted]'), counted('/v2/org/tests'), counted('/healthz')]).toEqual([100, 100, 100, 100]);
    const listing = requestLines.find((line) => line.url === '/v2/org/tests')!;
    expect(listing).toMatchObject({ method: 'GET', statusCode: 200, orgId: org.orgId });
    expect(typeof listing.responseTime).toBe('number');
    expect(proc.output()).not.toContain(token.slice(0, 16));
    expect(proc.output()).not.toContain(token.slice(-16));
    // A reader that keeps up: nothing dropped.
    expect(dropReports(proc)).toEqual([]);
  }, 120_000);

  it('at debug, holds at most ASSAY_LOG_BUFFER_BYTES for a stdout that does not keep up, keeps answering, and reports the lines dropped in one warn line', async () => {
    const { proc, url } = await startServer('bounded', database(), { LOG_LEVEL: 'debug', ASSAY_LOG_BUFFER_BYTES: '16384' });
    // The reader stops: the pipe fills, then the server's buffer.
    proc.child.stdout!.pause();
    const sent = Array.from({ length: 3000 }, () => '/healthz');
    const statuses = await inPool(sent, 20, (path) => get(url, path));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    proc.child.stdout!.resume();
    expect(await waitUntil(() => dropReports(proc).length > 0, 20_000)).toBe(true);
    expect(await get(url, '/healthz')).toBe(200);
    await proc.stop('SIGTERM');

    const requestLines = named(proc, 'request completed');
    const reports = dropReports(proc);
    const dropped = reports.reduce((sum, report) => sum + report.dropped!, 0);
    expect(requestLines.length).toBeLessThan(sent.length);
    expect(dropped).toBeGreaterThan(0);
    // Every request line either left or was counted (the few other lines of the period may be counted too).
    expect(requestLines.length + dropped).toBeGreaterThanOrEqual(sent.length + 1);
    expect(requestLines.length + dropped).toBeLessThanOrEqual(sent.length + 10);
    // One line for a burst, never one per drop.
    expect(reports.length).toBeLessThanOrEqual(5);
    for (const report of reports) {
      expect(report).toMatchObject({ level: 40, msg: `${report.dropped} log lines dropped: stdout did not keep up` });
      expect(Number.isNaN(Date.parse(report.since!))).toBe(false);
    }
  }, 120_000);
});
