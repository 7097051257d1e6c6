import type { Logger } from './outbox-worker.js';

/** A pass run every so often, never two at once; a failed pass is logged and the next one tries again. */
export class PeriodicPass {
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly log: Logger,
    private readonly failure: string,
  ) {}

  /** Every `intervalMs`; with `firstAfterMs`, once that soon too (a pass an hour apart must not wait for a process that restarts sooner). */
  start(intervalMs: number, firstAfterMs?: number): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.pass()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, this.failure))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    if (firstAfterMs !== undefined) {
      this.first = setTimeout(tick, firstAfterMs);
      this.first.unref();
    }
  }

  /** Stops the timers and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.first);
    await this.running;
  }
}
