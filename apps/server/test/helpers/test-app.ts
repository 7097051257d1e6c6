import type { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { createClient, type AssayClient, type TestDefinitionInput } from '@assay/client';
import { openScratchStore, openStore, type ConnectOptions, type Store } from '@assay/store';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { buildApp } from '../../src/app.js';
import { generateApiKey } from '../../src/auth/api-key.js';
import { loadConfig, type Config } from '@assay/config';
import { sampleDefinition } from './fixtures.js';
import { GENEROUS_RATE_LIMITS } from './generous-limits.js';
import { injectFetch } from './inject-fetch.js';
import { silentLog } from './receiver.js';
import { NO_COMPILER_WARM_UP } from './no-compiler-warm-up.js';

export const backends = ['sqlite', 'postgres'] as const;
export type Backend = (typeof backends)[number];

export const PUBLIC_URL = 'https://assay.test';
export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * A fresh, empty database: a SQLite file in a temp dir, or a PostgreSQL schema of its own. `databaseUrl` names the place
 * instead: a SQLite file the test owns, or the PostgreSQL database the schema goes in.
 */
export const openTestStore = async (
  backend: Backend,
  options: Omit<ConnectOptions, 'pgSchema'> = {},
  databaseUrl?: string,
): Promise<{ store: Store; dispose: () => Promise<void> }> => {
  if (databaseUrl?.startsWith('sqlite:')) {
    const store = await openStore(databaseUrl, options);
    return { store, dispose: () => store.close() };
  }
  return openScratchStore(backend, databaseUrl ?? inject('pgUrl'), options);
};

export interface Harness {
  backend: Backend;
  app: FastifyInstance;
  store: Store;
  config: Config;
  /** An org with one API key, created straight in the store. */
  org: { orgId: number; apiKey: string };
  createOrg(name?: string): Promise<{ orgId: number; apiKey: string }>;
  /** The outbox worker as `pnpm start` runs it (scoring, deadlines, callbacks, emails), on the same clock. */
  worker(): AssembledWorker;
  /** Runs every due job and deadline until nothing is left: scoring completes here. */
  drainJobs(): Promise<void>;
  /** Imports a test through the API (the sample definition unless given); answers its id. */
  importTest(definition?: unknown, apiKey?: string): Promise<number>;
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
  /** @assay/client on the harness org's key (and the admin token), answered in-process by the app. */
  client: AssayClient;
  /** The same client on another API key (another org's, a revoked one). */
  clientFor(apiKey: string): AssayClient;
  close(): Promise<void>;
}

export interface RequestOptions {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  /** Raw payload, sent as is (malformed JSON, huge bodies; a stream is read as the server pulls it). */
  payload?: string | Buffer | Readable;
  apiKey?: string | null;
  headers?: Record<string, string>;
}

/**
 * `prepare` runs on the built app before it is ready: a test's own hooks go there. `env` is the server's environment:
 * its ASSAY_DB_BUSY_TIMEOUT_MS holds for the store, and an ASSAY_DATABASE_URL is the place of the database
 * (`openTestStore`: a SQLite file a test locks, a PostgreSQL behind a proxy it cuts).
 */
export const startHarness = async (
  backend: Backend,
  env: Record<string, string> = {},
  now?: () => number,
  prepare?: (app: FastifyInstance) => void,
  /** The server's logger (a test that reads the log lines passes a stream); none by default. */
  logger?: FastifyServerOptions['logger'],
): Promise<Harness> => {
  const config = loadConfig({
    ASSAY_PUBLIC_URL: PUBLIC_URL,
    ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: process.env.ASSAY_TEST_LOG_LEVEL ?? 'silent',
    ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true',
    // Interpreters start at a test's first Python run: dozens of apps per suite need not each start threads.
    ASSAY_SANDBOX_PREWARM: 'none',
    ...NO_COMPILER_WARM_UP,
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  const { store, dispose } = await openTestStore(backend, { busyTimeoutMs: config.databaseBusyTimeoutMs }, env.ASSAY_DATABASE_URL);
  const app = await buildApp({ config, store, ...(now ? { now } : {}), ...(logger ? { logger } : {}) });
  prepare?.(app);
  await app.ready();

  const createOrg = async (name = 'Acme') => {
    const org = await store.orgs.create({ name, email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`, timeZoneId: 1720 }, Date.now());
    const key = generateApiKey();
    await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
    return { orgId: org.id, apiKey: key.apiKey };
  };
  const org = await createOrg();

  const request = ({ method, url, body, payload, apiKey, headers = {} }: RequestOptions) =>
    app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json;charset=utf-8',
        ...(apiKey === null ? {} : { 'x-api-key': apiKey ?? org.apiKey }),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  const clientFor = (apiKey: string) => createClient({ baseUrl: PUBLIC_URL, apiKey, adminToken: ADMIN_TOKEN, fetch: injectFetch(app), retries: 0 });
  const client = clientFor(org.apiKey);

  // Definitions are sent as given: tests import hostile and hand-made ones, which the server judges.
  const importTest = async (definition: unknown = sampleDefinition, apiKey?: string) =>
    (await (apiKey ? clientFor(apiKey) : client).tests.import(definition as TestDefinitionInput)).testId;

  let assembled: AssembledWorker | undefined;
  // The server's own folder when the test names one (the export reads it); else one of the worker's.
  const outboxDir = env.ASSAY_OUTBOX_DIR ?? mkdtempSync(join(tmpdir(), 'assay-outbox-'));
  const worker = () =>
    (assembled ??= assembleWorker(store, { ...config, outboxDir }, silentLog, {
      now: now ?? Date.now,
      random: () => 0,
      codeRunner: app.assay.runner,
      scoringBudget: config.scoringBudget,
      // As the server wires its worker: /readyz and /metrics read how its emails are going.
      emailHealth: app.assay.email,
    }));

  return {
    backend,
    app,
    importTest,
    worker,
    drainJobs: () => worker().drain(),
    store,
    config,
    org,
    createOrg,
    request,
    client,
    clientFor,
    close: async () => {
      await assembled?.close();
      await app.close();
      await dispose();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
};

/** The parsed envelope of a JSON response. */
export const envelope = <T = unknown>(response: LightMyRequestResponse) => response.json<{ statuscode: string; description: string; result: T }>();
