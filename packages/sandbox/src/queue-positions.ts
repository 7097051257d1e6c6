import { notifyPosition, type Pending } from './pending-run.js';
import type { Forecast } from './queue-forecast.js';

/** Waiting runs hear about their place at most this often. */
const POSITION_EVERY_MS = 100;

/** Tells the waiting runs that asked (`onQueue`) their place and expected start, when it changes, at most every POSITION_EVERY_MS. */
export class QueuePositions<R> {
  readonly #forecast: () => Forecast<R>;
  /** Waiting runs that want to hear about their place. */
  readonly #watchers = new Set<Pending<R>>();
  #timer: NodeJS.Timeout | undefined;
  #toldAt = Number.NEGATIVE_INFINITY;
  #stopped = false;

  constructor(forecast: () => Forecast<R>) {
    this.#forecast = forecast;
  }

  watch(pending: Pending<R>): void {
    this.#watchers.add(pending);
  }

  /** The run started or its caller was answered: it hears no more places from here. */
  forget(pending: Pending<R>): void {
    this.#watchers.delete(pending);
  }

  /** The pool is closed: nobody is told anything any more. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Tells waiting runs their place: now if the last time was long enough ago (or `now`), else once it is. */
  tell(now = false): void {
    if (this.#watchers.size === 0 || this.#stopped || (this.#timer !== undefined && !now)) return;
    const wait = this.#toldAt + POSITION_EVERY_MS - performance.now();
    if (wait > 0 && !now) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.tell();
      }, wait);
      this.#timer.unref();
      return;
    }
    this.#toldAt = performance.now();
    const { order, starts } = this.#forecast();
    order.forEach((ticket, index) => {
      const pending = ticket.item;
      // The runs before it and the running run it waits for: a waiting run is never told 0, which means started.
      const ahead = index + 1;
      if (!this.#watchers.has(pending) || pending.ahead === ahead) return;
      pending.ahead = ahead;
      notifyPosition(pending, { ahead, etaMs: Math.round(starts[index] ?? 0) });
    });
  }
}
