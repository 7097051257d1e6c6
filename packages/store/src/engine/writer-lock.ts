/** The single writer connection, handed to one transaction (or one write) at a time, in arrival order. */
export class WriterLock {
  #locked = false;
  readonly #queue: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}
