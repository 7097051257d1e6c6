import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort, ROOT, sleep, spawnNode, waitForOutput, type Proc } from '@assay/testing';
import { Webhook } from 'standardwebhooks';

/**
 * Helpers for the server's system tests: the built server (`node dist/main.js`) as a real process, a recording
 * callback receiver and a small HTTP client for the API. What other packages' tests use too (processes, the
 * worker process, throwaway PostgreSQL databases) is in `@assay/testing`, re-exported here.
 */
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
export const ADMIN_TOKEN = 'system-test-admin-token-0123456789';

/** Dependency order: each package's dist is built before its dependents'. */
import { buildIfStale } from '../helpers/built-packages.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

export { buildIfStale, freePort };
export {
  createDatabase,
  diagnostics,
  inPool,
  killAll,
  ROOT,
  scratchDatabase,
  sleep,
  spawnNode,
  spawnProcess,
  startWorker,
  waitForOutput,
  waitUntil,
  WORKER_MAIN,
  withPg,
  type Proc,
} from '@assay/testing';

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
    ...NO_COMPILER_WARM_UP,
    ...env,
  });
  await waitForOutput(proc, /Assay is listening/);
  return { proc, url };
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
