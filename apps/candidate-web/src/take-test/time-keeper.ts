import type { ServerClock } from '../lib/clock.js';

const TICK_EVERY_MS = 500;
/** The countdown reached zero but the server could not be asked (offline): ask again after this long. */
const ASK_AGAIN_AFTER_MS = 5_000;

/**
 * The countdown of a running attempt, on the server's clock as last synced (every session read and answer save).
 * Reaching zero only asks the server (decision 660): this machine's clock may have jumped (NTP, a resumed VM, a
 * hand-set date), and the server's answer both re-syncs the clock and decides.
 */
export class TimeKeeper {
  private timer: number | undefined;
  /** The clock's monotonic reading before which an unanswered question is not asked again. */
  private askAfter = 0;

  constructor(
    private readonly clock: ServerClock,
    private readonly deadline: () => string | null | undefined,
    /** Whether the page runs a countdown now. */
    private readonly running: () => boolean,
    private readonly show: (remainingMs: number) => void,
    private readonly askServer: () => void,
  ) {}

  start(): void {
    this.tick();
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), TICK_EVERY_MS);
  }

  stop(): void {
    window.clearInterval(this.timer);
  }

  tick(): void {
    const deadline = Date.parse(this.deadline() ?? '');
    if (!Number.isFinite(deadline) || !this.running()) return;
    const remaining = deadline - this.clock.now();
    this.show(remaining);
    if (remaining <= 0 && this.clock.reading() >= this.askAfter) this.askServer();
  }

  /** The server answered (and the clock is synced again); or it could not be asked, and is asked again in a while. */
  answered(answered: boolean): void {
    this.askAfter = answered ? 0 : this.clock.reading() + ASK_AGAIN_AFTER_MS;
  }
}
