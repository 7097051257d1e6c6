import { LRUCache } from 'lru-cache';
import { admitSampleRun, runBudgetRetryAfterMs, sampleRunsBusy, type RunBudget } from '@assay/domain';
import { SandboxBusyError, SandboxCancelledError, type QueuePosition, type RunOptions, type RunOwner } from '@assay/sandbox';
import { RetryLaterError } from '../plugins/retry-later.js';
import { unwrap } from '../refusal-error.js';

/**
 * Tokens whose recent run times are remembered. Beyond, the least recently active is forgotten and starts
 * with a fresh budget: 10 000 × 30 timestamps is about 3 MB, far more tokens than run code at one moment.
 */
const REMEMBERED_TOKENS = 10_000;

/** A sample run asked for: whose it is (the token's budget, the sandbox's fair shares), and how to follow it. */
export interface SampleRunRequest {
  token: string;
  /** Its place in the sandbox's fair shares (`sampleRunShare`: org, link, client address, attempt). */
  owner: RunOwner;
  /** Aborting it takes the run out of the queue, or stops it. */
  signal?: AbortSignal | undefined;
  /** Where it stands while it waits, and `{ ahead: 0, etaMs: 0 }` when it starts. */
  onQueue?: ((position: QueuePosition) => void) | undefined;
}

/**
 * Applies the sample-run policy (one run at a time per token, a budget per window) in front of the sandbox,
 * whose fair queue places the run (by org, link, address, attempt), and turns a refusal past its documented bound
 * into 503.2 with `Retry-After` from the real queue. State lives in this process (decision 56, "Sample-run
 * limits"): the sandbox it protects is per process too.
 */
export class SampleRunGate {
  /** Tokens with a run queued or running; bounded by the sandbox's queue bound, as each holds a place there. */
  readonly #running = new Set<string>();
  /** Made at the first run: lru-cache allocates all its slots up front, which a start need not pay for. */
  #startedAt: LRUCache<string, readonly number[]> | undefined;

  constructor(
    private readonly budget: RunBudget,
    private readonly now: () => number,
  ) {}

  #remember(token: string, startedAt: readonly number[]): void {
    // An entry expires a window after its latest run, when none of its runs counts any more.
    this.#startedAt ??= new LRUCache({ max: REMEMBERED_TOKENS, ttl: this.budget.windowMs });
    this.#startedAt.set(token, startedAt);
  }

  /**
   * Runs `work` (which runs the code with the options given) if the policy admits it. Refusals are RefusalErrors:
   * 429.2, and RetryLaterErrors 429.3 and 503.2. A run its signal cancelled rejects with SandboxCancelledError (the
   * caller records it as cancelled); it counts against the budget like a run that ran, a run refused as busy does not.
   */
  async run<T>({ token, owner, signal, onQueue }: SampleRunRequest, work: (options: RunOptions) => Promise<T>): Promise<T> {
    const now = this.now();
    const startedAt = this.#startedAt?.get(token) ?? [];
    const admitted = admitSampleRun({ running: this.#running.has(token), startedAt }, this.budget, now);
    // 429.2 has no Retry-After: the right moment is when the candidate's own run answers.
    if (admitted.err?.kind === 'sample-run-budget-used') throw new RetryLaterError(admitted.err, runBudgetRetryAfterMs(startedAt, this.budget, now));
    const remembered = unwrap(admitted);
    this.#running.add(token);
    try {
      const result = await work({ lane: 'candidate', owner, ...(signal ? { signal } : {}), ...(onQueue ? { onQueue } : {}) });
      // Counted once it ran: a run the sandbox turned away (busy) or could not start costs the candidate nothing.
      this.#remember(token, remembered);
      return result;
    } catch (error) {
      if (error instanceof SandboxBusyError) throw new RetryLaterError(sampleRunsBusy(error.retryAfterMs), error.retryAfterMs);
      // Cancelling is the candidate's choice: it counts, or Run and Cancel pressed in turn would run without a budget.
      if (error instanceof SandboxCancelledError) this.#remember(token, remembered);
      throw error;
    } finally {
      this.#running.delete(token);
    }
  }
}
