import type { ModelConnection } from '@assay/config';
import type { FairGate, ModelClient } from '@assay/ai';
import type { AssistantOutcome } from '@assay/jobs/metrics';
import { ModelStatus } from './model-status.js';

/** What the assistant's routes count (docs/metrics.md); nothing when metrics are off. */
export interface AssistantObserver {
  ended(outcome: AssistantOutcome): void;
  firstToken(seconds: number): void;
  waited(seconds: number): void;
}

const UNOBSERVED: AssistantObserver = { ended: () => {}, firstToken: () => {}, waited: () => {} };

/** How many messages may wait for a place at the model, beyond those it answers (503.2 past it). */
export const ASSISTANT_WAITING_LINE = 1_000;

/** The operator's model as this server uses it: the client, the fair gate holding its concurrency, its status, its metrics. */
export interface AssistantModel {
  readonly connection: ModelConnection;
  /** The host of ASSAY_AI_BASE_URL: where candidates' messages go, told to them and to the org. */
  readonly host: string;
  readonly client: ModelClient;
  readonly gate: FairGate;
  readonly status: ModelStatus;
  readonly observe: AssistantObserver;
}

/**
 * Loads `@assay/ai` (and with it the `openai` client) only on a server with a model configured: a start without one
 * loads none of it (test/system/start-imports.test.ts).
 */
export const loadAssistantModel = async (
  connection: ModelConnection,
  now: () => number,
  watch?: (gate: () => { running: number; waiting: number }) => AssistantObserver,
): Promise<AssistantModel> => {
  const { FairGate, ModelClient } = await import('@assay/ai');
  const client = new ModelClient(connection, { now });
  const gate = new FairGate(connection.maxConcurrent, ASSISTANT_WAITING_LINE);
  const status = new ModelStatus(connection.model, connection.baseUrl, (signal) => client.probe(signal), now);
  const observe = watch?.(() => ({ running: gate.running, waiting: gate.waiting })) ?? UNOBSERVED;
  return { connection, host: new URL(connection.baseUrl).hostname, client, gate, status, observe };
};
