/**
 * The slot's watchdog over one native run: a module that never answers must not hold the slot, so past `ms` the run is
 * aborted. Time the run spends waiting for something it does not own (a build every run shares, its turn at a warm
 * compiler) is not its own: the bound stops while any such wait lasts (decision 1041).
 */
export class RunBound {
  #remainingMs: number;
  #since = 0;
  #timer: NodeJS.Timeout | undefined;
  #waits = 0;
  #done = false;
  readonly #expire: () => void;

  constructor(ms: number, expire: () => void) {
    this.#remainingMs = ms;
    this.#expire = expire;
    this.#arm();
  }

  /** Stops the clock until the returned function is called (waits may overlap: the clock runs when none is left). */
  pause(): () => void {
    if (this.#waits++ === 0 && this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#remainingMs -= performance.now() - this.#since;
    }
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      if (--this.#waits === 0) this.#arm();
    };
  }

  clear(): void {
    this.#done = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(): void {
    if (this.#done) return;
    this.#since = performance.now();
    this.#timer = setTimeout(
      () => {
        this.#done = true;
        this.#expire();
      },
      Math.max(0, this.#remainingMs),
    );
  }
}
