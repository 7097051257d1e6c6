import type { AddressInfo } from 'node:net';
import { candidateTokenOf, createClient, type AssayClient, type ClientOptions } from '@assay/client';
import { questionIdsOf } from '../helpers/candidate.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { ADMIN_TOKEN, startHarness, type Backend, type Harness } from '../helpers/test-app.js';

export interface ClientHarness {
  h: Harness;
  /** Where the real server listens (127.0.0.1, a free port). */
  baseUrl: string;
  /** The harness org's client, with the admin token too. */
  client: AssayClient;
  clientWith(options: Partial<ClientOptions>): AssayClient;
  close(): Promise<void>;
}

/** The test harness listening on a real port, and @assay/client pointed at it: real HTTP, real fetch. */
export const startClientHarness = async (backend: Backend, env: Record<string, string> = {}, now?: () => number): Promise<ClientHarness> => {
  const h = await startHarness(backend, env, now);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const clientWith = (options: Partial<ClientOptions>) =>
    createClient({ baseUrl, apiKey: h.org.apiKey, adminToken: ADMIN_TOKEN, retries: 0, timeoutMs: 20_000, ...options });
  return { h, baseUrl, client: clientWith({}), clientWith, close: () => h.close() };
};

export { questionIdsOf };

/**
 * Registers a candidate and takes the sample test through the client: the single-choice question right
 * (2 of 10 marks), then submit. Scoring completes when the harness drains its jobs.
 */
export const completeAttempt = async (
  client: AssayClient,
  testId: number,
  emailId: string,
  extra: { callbackURL?: string; submittedCallbackURL?: string } = {},
) => {
  const registration = await client.invitations.register(testId, { emailId, fullName: 'Ada Lovelace', ...extra });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const [single] = questionIdsOf(await attempt.start());
  await attempt.saveAnswer(single!, { optionIds: [1] });
  await attempt.submit();
  return registration.testInvitationId;
};

export { sampleDefinition };
