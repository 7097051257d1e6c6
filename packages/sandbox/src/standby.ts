import type { Slot, SlotEvents } from './slot.js';

/** A standby that dies before it is ready this many times in a row is not restarted until asked again. */
const MAX_STARTUP_FAILURES = 3;

/**
 * One warm spare worker for a whole Sandbox (both lanes share it). A worker whose run overran its wall clock is
 * terminated, and one whose interpreter cannot be reused is replaced; a new worker would need about a second (a
 * Python interpreter started from the snapshot) before its first run. The pool takes this one instead, whose
 * interpreter is already prepared, and a new spare starts in the background. Started only once Python is used
 * (`want()`): a JavaScript-only sandbox keeps no spare.
 */
export class Standby<R> {
  readonly #create: (events: SlotEvents<R>) => Slot<R>;
  readonly #exiting = new Set<Promise<unknown>>();
  #slot: Slot<R> | undefined;
  #wanted = false;
  #closed = false;
  #failures = 0;

  constructor(create: (events: SlotEvents<R>) => Slot<R>) {
    this.#create = create;
  }

  /** Keeps a spare from now on (started now if there is none). */
  want(): void {
    if (this.#closed) return;
    if (!this.#wanted) this.#failures = 0;
    this.#wanted = true;
    this.#refill();
  }

  /** The spare, handed over to a pool (its events go there from now on); a new one starts. Undefined when there is none. */
  take(events: SlotEvents<R>): Slot<R> | undefined {
    const slot = this.#slot;
    if (slot === undefined) return undefined;
    this.#slot = undefined;
    slot.adopt(events);
    this.#refill();
    return slot;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const slot = this.#slot;
    this.#slot = undefined;
    if (slot) this.#exiting.add(slot.terminate(new Error('Sandbox is closed')));
    await Promise.all([...this.#exiting]);
  }

  #refill(): void {
    if (this.#closed || !this.#wanted || this.#slot !== undefined || this.#failures >= MAX_STARTUP_FAILURES) return;
    const events: SlotEvents<R> = {
      idle: () => {
        this.#failures = 0;
      },
      gone: (slot, exited, startupError) => {
        this.#exiting.add(exited);
        void exited.then(() => this.#exiting.delete(exited));
        if (this.#slot !== slot) return;
        this.#slot = undefined;
        if (startupError !== undefined) this.#failures += 1;
        this.#refill();
      },
    };
    this.#slot = this.#create(events);
  }
}
