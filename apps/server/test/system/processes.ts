import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';

/**
 * Helpers for system tests: the built server and worker (`node dist/main.js`) as real processes, a
 * recording callback receiver, a small HTTP client for the API, and throwaway PostgreSQL databases.
 */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
export const WORKER_MAIN = join(ROOT, 'apps/worker/dist/main.js');
export const ADMIN_TOKEN = 'system-test-admin-token-0123456789';

/** Dependency order: each package's dist is built before its dependents'. */
import { buildIfStale, freePort } from '../helpers/built-packages.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';

export { buildIfStale, freePort };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `done` every `everyMs` until it holds; answers false after `ms`. */
export const waitUntil = async (done: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
};

const OUTPUT_LIMIT = 256 * 1024;

export interface Proc {
  name: string;
  child: ChildProcess;
  /** stdout and stderr interleaved (the last 256 KiB). */
  output(): string;
  alive(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (if still running) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every process spawned here, so a suite can kill whatever is left, whatever happened. */
const spawned: Proc[] = [];

export const spawnNode = (name: string, script: string, env: Record<string, string>): Proc =>
  spawnProcess(name, process.execPath, [script], { ...process.env, ...env });

/** Any program, from the repository root, with exactly `env`. */
export const spawnProcess = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc => {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const proc: Proc = {
    name,
    child,
    output: () => output,
    alive: () => running,
    exited,
    stop: async (signal = 'SIGKILL') => {
      if (running) child.kill(signal);
      await exited;
    },
  };
  spawned.push(proc);
  return proc;
};

/** SIGKILLs every process still running (afterAll, no matter what). */
export const killAll = async (): Promise<void> => {
  await Promise.all(spawned.map((proc) => proc.stop('SIGKILL')));
};

/** The tail of every process's output, for a failing test's report. */
export const diagnostics = (tail = 4_000): string =>
  spawned
    .map(
      (proc) =>
        `----- ${proc.name} (${proc.alive() ? 'running' : `exited ${proc.child.exitCode ?? proc.child.signalCode}`}) -----\n${proc.output().slice(-tail)}`,
    )
    .join('\n');

/** Resolves once the process printed something matching `pattern`; fails on an early exit or after `ms`. */
export const waitForOutput = async (proc: Proc, pattern: RegExp, ms = 30_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!pattern.test(proc.output())) {
    if (!proc.alive()) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${proc.name}: no ${String(pattern)} after ${ms} ms:\n${proc.output()}`);
    await sleep(25);
  }
};

export interface RunningServer {
  proc: Proc;
  url: string;
}

/** `node apps/server/dist/main.js` on a free loopback port, without its in-process worker and demo seed. */
export const startServer = async (name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnNode(name, SERVER_MAIN, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ASSAY_DATABASE_URL: databaseUrl,
    ASSAY_PUBLIC_URL: url,
    ASSAY_RUN_WORKER: 'false',
    ASSAY_SEED_DEMO: 'false',
    ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
    ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  await waitForOutput(proc, /Assay is listening/);
  return { proc, url };
};

/** `node apps/worker/dist/main.js`: polls the shared database for outbox jobs. */
export const startWorker = async (name: string, databaseUrl: string, publicUrl: string, env: Record<string, string> = {}): Promise<Proc> => {
  const proc = spawnNode(name, WORKER_MAIN, {
    ASSAY_DATABASE_URL: databaseUrl,
    ASSAY_PUBLIC_URL: publicUrl,
    ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
    ASSAY_WORKER_ID: name,
    ...env,
  });
  await waitForOutput(proc, /worker started/);
  return proc;
};

/** Runs `fn` over `items`, at most `concurrency` at a time; the first failure rejects. */
export const inPool = async <T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
};

// ---------------------------------------------------------------------------------------------------------
// The API, over real HTTP.

interface Envelope<T> {
  statuscode: string;
  description: string;
  result: T;
}

/** One API call; throws with the answer unless it is a 200 envelope. */
export const call = async <T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { apiKey?: string; bearer?: string; body?: unknown } = {},
): Promise<T> => {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${baseUrl}${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as Envelope<T>).result;
};

export const createOrg = (baseUrl: string, name: string) =>
  call<{ orgId: number; apiKey: string }>(baseUrl, 'POST', '/admin/orgs', {
    bearer: ADMIN_TOKEN,
    body: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com` },
  });

export const importTest = async (baseUrl: string, apiKey: string, definition: unknown) =>
  (await call<{ testId: number }>(baseUrl, 'POST', '/v2/org/tests', { apiKey, body: definition })).testId;

/** Registers a candidate with a callbackURL (4.7); answers the invitation id and the candidate token. */
export const register = async (baseUrl: string, apiKey: string, testId: number, emailId: string, callbackURL: string) => {
  const result = await call<{ testInvitationId: number; takeTestURL: string }>(baseUrl, 'POST', `/v2/org/tests/${testId}/register`, {
    apiKey,
    body: { emailId, fullName: 'Ada Lovelace', callbackURL },
  });
  return { invitationId: result.testInvitationId, token: new URL(result.takeTestURL).pathname.split('/').at(-1)! };
};

/** The candidate starts and submits at once (no answers): the completion queues its score and callback jobs. */
export const startAndSubmit = async (baseUrl: string, token: string) => {
  await call(baseUrl, 'POST', `/candidate/v1/${token}/start`);
  await call(baseUrl, 'POST', `/candidate/v1/${token}/submit`);
};

/** Whether `request` carries a valid Standard Webhooks signature by `secret`. */
export const verifies = (secret: string, request: CallbackRequest): boolean => {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

export const signingSecrets = async (baseUrl: string, apiKey: string) =>
  (await call<{ secrets: { secret: string; createdAt: string; expiresAt: string | null }[] }>(baseUrl, 'GET', '/v2/org/webhooks', { apiKey })).secrets;

// ---------------------------------------------------------------------------------------------------------
// A callback receiver that records every request and the time it was in flight.

export interface CallbackRequest {
  webhookId: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived and when it was answered (undefined while it is held). */
  arrivedAt: number;
  answeredAt?: number;
}

export interface CallbackReceiver {
  url: string;
  requests: CallbackRequest[];
  distinctIds(): Set<string>;
  /** Requests that arrived while another with the same webhook-id was still being handled. */
  concurrentDuplicates: CallbackRequest[];
  inFlight(): number;
  close(): Promise<void>;
}

/**
 * Answers 200 after `delayMs()`; `hold` (optional) runs first, when the request arrives, and may keep the
 * answer back (e.g. until a worker it just killed has exited).
 */
export const startCallbackReceiver = async (options: {
  delayMs: () => number;
  hold?: (request: CallbackRequest, receiver: CallbackReceiver) => Promise<void> | void;
}): Promise<CallbackReceiver> => {
  const requests: CallbackRequest[] = [];
  const concurrentDuplicates: CallbackRequest[] = [];
  const inFlightById = new Map<string, number>();
  let inFlight = 0;
  const server: Server = createHttpServer((request, response) => {
    const arrivedAt = performance.now();
    const webhookId = String(request.headers['webhook-id'] ?? '');
    inFlight += 1;
    const already = inFlightById.get(webhookId) ?? 0;
    inFlightById.set(webhookId, already + 1);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const record: CallbackRequest = { webhookId, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), arrivedAt };
      requests.push(record);
      if (already > 0) concurrentDuplicates.push(record);
      void (async () => {
        await options.hold?.(record, receiver);
        await sleep(options.delayMs());
        record.answeredAt = performance.now();
        inFlight -= 1;
        inFlightById.set(webhookId, inFlightById.get(webhookId)! - 1);
        if (!response.destroyed) response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: CallbackReceiver = {
    url: `http://127.0.0.1:${port}/hooks/assay`,
    requests,
    concurrentDuplicates,
    distinctIds: () => new Set(requests.map((request) => request.webhookId)),
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
};

/** Pairs of requests with one webhook-id whose handling windows overlap (a check after the fact). */
export const overlappingDuplicates = (requests: readonly CallbackRequest[]): [CallbackRequest, CallbackRequest][] => {
  const byId = new Map<string, CallbackRequest[]>();
  for (const request of requests) byId.set(request.webhookId, [...(byId.get(request.webhookId) ?? []), request]);
  const overlaps: [CallbackRequest, CallbackRequest][] = [];
  for (const group of byId.values()) {
    const sorted = [...group].sort((a, b) => a.arrivedAt - b.arrivedAt);
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1]!;
      if (previous.answeredAt === undefined || sorted[i]!.arrivedAt < previous.answeredAt) overlaps.push([previous, sorted[i]!]);
    }
  }
  return overlaps;
};

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: a database of its own for the processes (they take a URL, not a schema).

interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };

/** `pg` is a dependency of @assay/store, not of the server: load it from there. */
const pg = createRequire(join(ROOT, 'packages/store/package.json'))('pg') as PgModule;

export const withPg = async <T>(url: string, fn: (client: PgClient) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * A fresh database for a suite's processes: a SQLite file in a temp dir of its own, or a PostgreSQL database next to
 * the test cluster's (`pgUrl`). `dispose` removes it.
 */
export const scratchDatabase = async (backend: 'sqlite' | 'postgres', label: string, pgUrl: string): Promise<{ url: string; dispose: () => Promise<void> }> => {
  if (backend === 'postgres') {
    const database = await createDatabase(pgUrl, label);
    return { url: database.url, dispose: async () => void (await database.drop()) };
  }
  const dir = mkdtempSync(join(tmpdir(), `assay-${label}-`));
  return { url: `sqlite:${join(dir, 'assay.db')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
};

/** Creates `assay_<label>_<random>` next to `pgUrl`'s database; answers its URL and a drop that forces disconnects. */
export const createDatabase = async (pgUrl: string, label: string) => {
  const name = `assay_${label}_${randomBytes(6).toString('hex')}`;
  await withPg(pgUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withPg(pgUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
};
