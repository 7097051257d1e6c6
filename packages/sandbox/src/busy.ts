/**
 * The candidate lane is full: every worker is busy and `maxQueued` runs already wait. Nothing was run;
 * the caller should answer "busy, retry later" rather than hold the request.
 */
export class SandboxBusyError extends Error {
  override readonly name = 'SandboxBusyError';

  /** When a place is expected to free up: the soonest a running job of the lane ends (its wall clock). */
  constructor(readonly retryAfterMs: number) {
    super(`The sandbox is busy: retry in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/** The run was cancelled (its `RunOptions.signal` aborted) before it produced a result. */
export class SandboxCancelledError extends Error {
  override readonly name = 'SandboxCancelledError';

  constructor() {
    super('The run was cancelled');
  }
}
