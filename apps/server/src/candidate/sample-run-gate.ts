import { LRUCache } from 'lru-cache';
import { admitSampleRun, runBudgetRetryAfterMs, type RunBudget } from '@assay/domain';
import { SandboxBusyError, type QueuePosition, type RunOptions, type RunOutcome, type RunOwner } from '@assay/sandbox';
import { RetryLaterError } from '../plugins/retry-later.js';
import { unwrap } from '../refusal-error.js';

/**
 * Tokens whose recent run times are remembered. Beyond, the least recently active is forgotten and starts
 * with a fresh budget: 10 000 × 30 timestamps is about 3 MB, far more tokens than run code at one moment.
 */
const REMEMBERED_TOKENS = 10_000;

/**
 * Applies the sample-run policy (one run at a time per token, a budget per window) in front of the sandbox,
 * and turns a full candidate lane into 503.2. State lives in this process (docs/decisions.md, "Sample-run
 * limits"): the sandbox it protects is per process too.
 */
export class SampleRunGate {
  /** Tokens with a run queued or running; bounded by the candidate lane's capacity, as each holds a place there. */
  readonly #running = new Set<string>();
  readonly #startedAt: LRUCache<string, readonly number[]>;

  constructor(
    private readonly budget: RunBudget,
    private readonly now: () => number,
  ) {
    // An entry expires a window after its latest run, when none of its runs counts any more.
    this.#startedAt = new LRUCache({ max: REMEMBERED_TOKENS, ttl: budget.windowMs });
  }

  /**
   * Runs `work` for `token` if the policy admits it, handing it the options for the sandbox (the candidate lane,
   * the owner, `signal` and `onQueue`); refusals are RefusalErrors: 429.2, and RetryLaterErrors 429.3 and 503.2.
   * A cancelled run rejects with the sandbox's SandboxCancelledError.
   */
  async run(
    { token, owner, signal, onQueue }: { token: string; owner: RunOwner; signal?: AbortSignal; onQueue?: (position: QueuePosition) => void },
    work: (options: RunOptions) => Promise<RunOutcome>,
  ): Promise<RunOutcome> {
    const now = this.now();
    const startedAt = this.#startedAt.get(token) ?? [];
    const admitted = admitSampleRun({ running: this.#running.has(token), startedAt }, this.budget, now);
    // 429.2 has no Retry-After: the right moment is when the candidate's own run answers.
    if (admitted.err?.code === '429.3') throw new RetryLaterError(admitted.err, runBudgetRetryAfterMs(startedAt, this.budget, now));
    const remembered = unwrap(admitted);
    this.#running.add(token);
    try {
      const result = await work({ lane: 'candidate', owner, ...(signal ? { signal } : {}), ...(onQueue ? { onQueue } : {}) });
      // Counted once it ran: a run the sandbox turned away (busy) or could not start costs the candidate nothing.
      this.#startedAt.set(token, remembered);
      return result;
    } catch (error) {
      if (error instanceof SandboxBusyError) {
        throw new RetryLaterError(
          { code: '503.2', message: `Sample runs are busy right now: try again in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.` },
          error.retryAfterMs,
        );
      }
      throw error;
    } finally {
      this.#running.delete(token);
    }
  }
}
