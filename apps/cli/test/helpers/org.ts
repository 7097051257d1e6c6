import { candidateTokenOf, createClient, type AssayClient, type ClientOptions } from '@assay/client';
import type { KeyRole, TestDetails } from '@assay/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ROOT } from './built-packages.js';

export const serverUrl = (): string => inject('assayUrl');

let orgs = 0;

export interface TestOrg {
  orgId: number;
  apiKey: string;
  client: AssayClient;
}

/** A fresh organization on the shared server: tests of one file never see another file's data. */
export const newOrg = async (label: string): Promise<TestOrg> => {
  const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
  orgs += 1;
  const unique = `${label} ${process.pid} ${orgs} ${Date.now()}`;
  const slug = unique.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const org = await admin.admin.orgs.create({ name: unique, email: `ops.${slug}@example.com` });
  return { orgId: org.orgId, apiKey: org.apiKey, client: createClient({ baseUrl: serverUrl(), apiKey: org.apiKey, retries: 0 }) };
};

/** A client with a new key of `role` of `org` (issued with the operator's admin token), for the screens' role tests. */
export const roleClient = async (org: TestOrg, role: KeyRole, label = 'Panel'): Promise<AssayClient> => {
  const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
  const { apiKey } = await admin.admin.keys.create(org.orgId, { role, label });
  return createClient({ baseUrl: serverUrl(), apiKey, retries: 0 });
};

/** A client with a new reviewer key of `org`. */
export const reviewerClient = (org: TestOrg, label = 'Panel'): Promise<AssayClient> => roleClient(org, 'reviewer', label);

export const EXAMPLES = ['algorithms-coding-screen', 'frontend-accessibility', 'javascript-fundamentals', 'sql-and-data-modelling'] as const;

export const exampleDefinition = (name: (typeof EXAMPLES)[number]): unknown => JSON.parse(readFileSync(join(ROOT, 'examples/tests', `${name}.json`), 'utf8'));

export const importExample = (client: AssayClient, name: (typeof EXAMPLES)[number]): Promise<TestDetails> =>
  client.tests.import(exampleDefinition(name) as Parameters<AssayClient['tests']['import']>[0]);

/** The candidate starts and submits straight away: the invitation is Completed and scored. */
export const completeAttempt = async (client: AssayClient, takeTestUrl: string): Promise<void> => {
  const attempt = client.candidate(candidateTokenOf(takeTestUrl));
  await attempt.start();
  await attempt.submit();
};

/** A client whose server is not there: every call is an AssayConnectionError. */
export const unreachableClient = (): AssayClient => createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'none', retries: 0, timeoutMs: 2_000 });

/**
 * A client that counts the requests it sends. A retry proves itself by a new request: a failure already on screen
 * satisfies a wait for the failure whether or not `r` did anything (issue 48).
 */
export const countingClient = (options: ClientOptions): { client: AssayClient; sent: () => number } => {
  let sent = 0;
  const client = createClient({
    ...options,
    fetch: (input, init) => {
      sent += 1;
      return fetch(input, init);
    },
  });
  return { client, sent: () => sent };
};
