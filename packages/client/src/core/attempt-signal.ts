import { AssayTimeoutError, AssayUserAbortError } from './errors.js';

/**
 * The signal of one attempt: aborted by the caller's signal or by the attempt's own timer. Written out
 * rather than with AbortSignal.any/timeout so it runs on older browsers and tells the two causes apart.
 */
export class AttemptSignal {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onCallerAbort = () => this.controller.abort(new AssayUserAbortError({ cause: this.caller?.reason }));

  constructor(
    private readonly caller: AbortSignal | undefined,
    readonly timeoutMs: number,
  ) {
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.restartTimer();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts the time-out again: downloads use it as an idle timer, restarted by every chunk. */
  restartTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => this.controller.abort(new AssayTimeoutError(this.timeoutMs)), this.timeoutMs);
  }

  /** Stops the timer; the caller's signal keeps working (a streamed body can still be cancelled). */
  stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Done with the attempt: nothing is left listening. */
  dispose(): void {
    this.stopTimer();
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  /** Why the attempt was aborted, as this package's error; undefined when it was not. */
  abortError(): AssayTimeoutError | AssayUserAbortError | undefined {
    const reason: unknown = this.controller.signal.reason;
    return this.controller.signal.aborted && (reason instanceof AssayTimeoutError || reason instanceof AssayUserAbortError) ? reason : undefined;
  }
}

/** Waits, unless the caller aborts first. */
export const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AssayUserAbortError({ cause: signal.reason }));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AssayUserAbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
