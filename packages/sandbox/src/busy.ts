/**
 * A candidate run refused at once: past the documented queue bound (`maxQueued` runs already wait, or this one
 * would wait longer than `maxWaitMs`). Nothing was run; the caller should answer "busy, retry later" rather than
 * hold the request.
 */
export class SandboxBusyError extends Error {
  override readonly name = 'SandboxBusyError';

  /** When to try again, from the real queue: when enough of the runs ahead are expected to have started (≥ 1 s). */
  constructor(readonly retryAfterMs: number) {
    super(`The sandbox is busy: retry in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/** The run's `signal` aborted it: it was taken out of the queue, or stopped while running. */
export class SandboxCancelledError extends Error {
  override readonly name = 'SandboxCancelledError';

  constructor() {
    super('The run was cancelled');
  }
}
