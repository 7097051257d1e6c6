import { ok, type Result } from '@assay/domain';
import { type AiCheck, aiCheckAlreadyRunning, aiCheckModelAvailable, type ModelAvailability } from '@assay/domain/ai';
import { runAiCheck } from '@assay/jobs';
import type { CodeRunner } from '@assay/sandbox';
import type { AiCheckRecord, Store } from '@assay/store';
import type { AssistantModel } from './assistant-model.js';

/** A running check silent this long is taken as stopped with its process (decision 1244): the next start fails it. */
export const AI_CHECK_STALE_MS = 10 * 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/** A check as the API answers it. */
export const aiCheckAnswerOf = (check: AiCheckRecord): AiCheck => ({
  checkId: check.id,
  testId: check.testId,
  state: check.state,
  model: check.model,
  startedAt: iso(check.startedAt),
  finishedAt: check.finishedAt === null ? null : iso(check.finishedAt),
  questionsChecked: check.results.length,
  questionsTotal: check.questionsTotal,
  problem: check.problem,
  questions: check.results,
});

/**
 * The checks this server runs (issue 60 item 7): in this process, beside the model's client, fair gate and sandbox
 * the candidates use (decision 1241), each stored as it goes; the server's close stops them, marked failed.
 */
export class AiCheckRuns {
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly runner: CodeRunner,
    private readonly model: AssistantModel | undefined,
    private readonly now: () => number,
  ) {}

  /** Starts a check of the org's test (found by the caller); refused without a model, or while one runs. */
  async start(orgId: number, testId: number, availability: ModelAvailability): Promise<Result<AiCheckRecord>> {
    const modelName = aiCheckModelAvailable(this.model ? availability : { available: false, reason: 'no model is configured on this Assay' });
    if (modelName.err || !this.model) return { err: modelName.err! };
    // The version attempts starting now take (issue 62 item 4).
    const questions = await this.store.attempts.questions(await this.store.tests.currentContentId(orgId, testId));
    const now = this.now();
    const check = await this.store.aiChecks.start({ orgId, testId, model: modelName.val, questionsTotal: questions.length }, now, now - AI_CHECK_STALE_MS);
    if (!check) {
      const running = await this.store.aiChecks.latest(orgId, testId);
      return aiCheckAlreadyRunning(running?.id ?? 0, testId);
    }
    const { gate, client } = this.model;
    const model = { enter: gate.enter.bind(gate), chat: client.chat.bind(client) };
    const run = runAiCheck({ store: this.store, runner: this.runner, model, now: this.now, signal: this.#stop.signal }, check, questions).finally(() =>
      this.#running.delete(run),
    );
    this.#running.add(run);
    return ok(check);
  }

  /** Stops the running checks (each ends failed, saying the server stopped) and waits for them to say so. */
  async close(): Promise<void> {
    this.#stop.abort();
    await Promise.allSettled([...this.#running]);
  }
}
