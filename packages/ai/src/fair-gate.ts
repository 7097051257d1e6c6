/** Why the gate would not let a request wait: too many wait already, or the caller gave up while waiting. */
export class GateClosed extends Error {
  constructor(
    readonly reason: 'full' | 'cancelled',
    message: string,
  ) {
    super(message);
    this.name = 'GateClosed';
  }
}

interface Waiter {
  readonly admit: (release: () => void) => void;
  readonly refuse: (error: GateClosed) => void;
}

/** A round robin of keys, each with its own first-in-first-out line. */
class Rotation<T> {
  readonly #lines = new Map<string, T[]>();
  readonly #turns: string[] = [];

  add(key: string, item: T): void {
    const line = this.#lines.get(key);
    if (line) line.push(item);
    else {
      this.#lines.set(key, [item]);
      this.#turns.push(key);
    }
  }

  /** The next key's first item; the key goes to the back of the turns while it has more. */
  take(): T | undefined {
    const key = this.#turns.shift();
    if (key === undefined) return undefined;
    const line = this.#lines.get(key)!;
    const item = line.shift()!;
    if (line.length > 0) this.#turns.push(key);
    else this.#lines.delete(key);
    return item;
  }

  remove(key: string, item: T): boolean {
    const line = this.#lines.get(key);
    const at = line?.indexOf(item) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    if (line.length === 0) {
      this.#lines.delete(key);
      this.#turns.splice(this.#turns.indexOf(key), 1);
    }
    return true;
  }

  get empty(): boolean {
    return this.#turns.length === 0;
  }
}

/**
 * Holds the model's concurrency at ASSAY_AI_MAX_CONCURRENT, shared fairly: when a place frees, the orgs take turns,
 * and within an org its candidates take turns, so one org's class of 200 cannot starve another org's candidate, and one
 * candidate sending message after message cannot starve the rest of their class. A bounded number may wait (beyond it,
 * `full`: the page says the assistant is busy, the test goes on); a caller that gives up leaves the line at once.
 */
export class FairGate {
  readonly #capacity: number;
  readonly #maxWaiting: number;
  /** Orgs with someone waiting, in the order they take their next turn. */
  readonly #orgTurns: string[] = [];
  readonly #candidates = new Map<string, Rotation<Waiter>>();
  #running = 0;
  #waiting = 0;

  constructor(capacity: number, maxWaiting: number) {
    this.#capacity = capacity;
    this.#maxWaiting = maxWaiting;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Waits for a place for `candidate` of `org`; answers the function that gives the place back (call it once). */
  enter(org: string, candidate: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new GateClosed('cancelled', 'The request was cancelled before it reached the model.'));
    if (this.#running < this.#capacity && this.#waiting === 0) {
      this.#running += 1;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiting >= this.#maxWaiting) return Promise.reject(new GateClosed('full', 'The assistant is busy: too many requests are waiting for the model.'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        refuse: reject,
      };
      const onAbort = () => {
        if (this.#leave(org, candidate, waiter)) reject(new GateClosed('cancelled', 'The request was cancelled while it waited for the model.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#join(org, candidate, waiter);
    });
  }

  #join(org: string, candidate: string, waiter: Waiter): void {
    let line = this.#candidates.get(org);
    if (!line) {
      line = new Rotation<Waiter>();
      this.#candidates.set(org, line);
    }
    if (line.empty) this.#orgTurns.push(org);
    line.add(candidate, waiter);
    this.#waiting += 1;
  }

  #leave(org: string, candidate: string, waiter: Waiter): boolean {
    const line = this.#candidates.get(org);
    if (!line?.remove(candidate, waiter)) return false;
    this.#waiting -= 1;
    if (line.empty) {
      this.#candidates.delete(org);
      this.#orgTurns.splice(this.#orgTurns.indexOf(org), 1);
    }
    return true;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      this.#admitNext();
    };
  }

  #admitNext(): void {
    while (this.#running < this.#capacity) {
      const org = this.#orgTurns.shift();
      if (org === undefined) return;
      const line = this.#candidates.get(org)!;
      const waiter = line.take()!;
      this.#waiting -= 1;
      if (line.empty) this.#candidates.delete(org);
      else this.#orgTurns.push(org);
      this.#running += 1;
      waiter.admit(this.#releaser());
    }
  }
}
