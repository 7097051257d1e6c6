import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, freePort, ROOT } from './processes.js';

/**
 * The built server, started the way a user starts it (`node dist/main.js`), in processes of its own: part of
 * `pnpm test:system`, whose turbo task builds first; run alone
 * (`ASSAY_TEST_SUITE=system npx vitest run test/system/start.test.ts`) this suite builds whatever is missing
 * or older than its sources.
 */
const SERVER_DIR = join(ROOT, 'apps/server');
const EXAMPLES_DIR = join(ROOT, 'examples/tests');
const API_KEY = /assay_[A-Za-z0-9_-]{43}/;

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

const startServer = (env: Record<string, string>): Running => {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
};

/** Resolves once `ready()` holds; fails on early exit or after `ms`. */
const waitFor = async (running: Running, ready: () => boolean, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  let exitCode: number | null | undefined;
  void running.exited.then((code) => (exitCode = code));
  while (!ready()) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) early:\n${running.stdout()}\n${running.stderr()}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms:\n${running.stdout()}\n${running.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const exitWithin = (running: Running, ms: number) =>
  Promise.race([running.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

const listTests = async (port: number, apiKey: string) => {
  const response = await fetch(`http://127.0.0.1:${port}/v2/org/tests?page_size=100`, {
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json;charset=utf-8' },
  });
  return { status: response.status, body: (await response.json()) as { statuscode: string; result: { tests: { testName: string }[]; testsCount: number } } };
};

describe('the built server (node dist/main.js)', () => {
  let dir: string;
  let databaseUrl: string;
  let apiKey: string;

  beforeAll(() => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`start.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-start-'));
    databaseUrl = `sqlite:${join(dir, 'data', 'assay.db')}`;
  }, 180_000);

  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds a demo org on first start, prints its key once, serves it, and stops cleanly on SIGTERM', async () => {
    const examples = readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json'));
    const exampleNames = examples.map((name) => (JSON.parse(readFileSync(join(EXAMPLES_DIR, name), 'utf8')) as { testName: string }).testName);
    expect(examples.length, 'examples/tests/*.json').toBeGreaterThanOrEqual(3);

    const port = await freePort();
    const server = startServer({ PORT: String(port), ASSAY_DATABASE_URL: databaseUrl });
    await waitFor(server, () => API_KEY.test(server.stdout()) && /curl -s .*x-api-key/.test(server.stdout()));
    const out = server.stdout();
    apiKey = API_KEY.exec(out)![0];
    expect(out).toContain(`Assay is listening on http://localhost:${port}`);
    expect(out).toContain(`curl -s http://localhost:${port}/v2/org/tests -H 'x-api-key: ${apiKey}'`);
    expect(out.split(apiKey).length - 1, 'the key is printed on its own line and in the curl line').toBe(2);

    const { status, body } = await listTests(port, apiKey);
    expect(status).toBe(200);
    expect(body.statuscode).toBe('200.1');
    expect(body.result.testsCount).toBeGreaterThanOrEqual(3);
    expect(body.result.testsCount).toBe(examples.length);
    expect(body.result.tests.map((test) => test.testName).sort()).toEqual([...exampleNames].sort());

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.stderr()).not.toMatch(/error/i);
  }, 40_000);

  it('does not seed again on a second start with the same database', async () => {
    expect(apiKey, 'the first start ran').toMatch(API_KEY);
    const port = await freePort();
    const server = startServer({ PORT: String(port), ASSAY_DATABASE_URL: databaseUrl });
    await waitFor(server, () => server.stdout().includes('Assay is listening on'));
    // Give a (wrong) banner time to appear before concluding it does not.
    const { status, body } = await listTests(port, apiKey);
    expect(status).toBe(200);
    expect(body.result.testsCount).toBeGreaterThanOrEqual(3);
    expect(server.stdout()).not.toMatch(API_KEY);
    expect(server.stdout()).not.toMatch(/Seeded/);
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.stdout()).not.toMatch(API_KEY);
  }, 40_000);

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ASSAY_DATABASE_URL: 'mysql://x' }, /ASSAY_DATABASE_URL/],
    [{ ASSAY_ADMIN_TOKEN: 'too-short' }, /ASSAY_ADMIN_TOKEN/],
  ])(
    'refuses to start with %o: exit code 1 and a message on stderr',
    async (env, message) => {
      const server = startServer({ ASSAY_DATABASE_URL: `sqlite:${join(dir, 'refused', 'assay.db')}`, ...env });
      expect(await exitWithin(server, 10_000)).toBe(1);
      expect(server.stderr()).toMatch(message);
      expect(server.stderr()).toMatch(/Invalid configuration/);
      expect(server.stdout()).not.toMatch(/listening/);
    },
    20_000,
  );
});
