import type { Logger } from './outbox-worker.js';

/** A pass run every so often, never two at once; a failed pass is logged and the next one tries again. */
export class PeriodicPass {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly log: Logger,
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, this.failure))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
