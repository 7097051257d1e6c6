import type { Job, SlotEvents } from './worker-slot.js';
import { WorkerSlot } from './worker-slot.js';

/** Workers that die before becoming ready this many times in a row mean a broken install, not bad luck. */
const MAX_STARTUP_FAILURES = 3;

export type SlotFactory = (events: SlotEvents) => WorkerSlot;

/**
 * A fixed number of worker slots with a FIFO queue in front; each slot runs one job at a time. Slots that
 * are killed or crash are replaced; close() terminates every worker, including ones still being torn down,
 * and waits for their threads to exit.
 */
export class WorkerPool {
  readonly #size: number;
  readonly #createSlot: SlotFactory;
  readonly #slots = new Set<WorkerSlot>();
  readonly #exiting = new Set<Promise<unknown>>();
  readonly #queue: Job[] = [];
  #startupFailures = 0;
  #closed = false;

  constructor(size: number, createSlot: SlotFactory = (events) => new WorkerSlot(events)) {
    this.#size = size;
    this.#createSlot = createSlot;
  }

  /** Live workers (starting, idle or busy); not the ones being terminated. */
  get workerCount(): number {
    return this.#slots.size;
  }

  submit(job: Job): void {
    if (this.#closed) {
      job.reject(new Error('Sandbox is closed'));
      return;
    }
    this.#queue.push(job);
    // Workers start lazily, so a pool that is built but never used costs no threads.
    this.#fill();
    this.#dispatch();
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closed = new Error('Sandbox is closed');
    for (const job of this.#queue.splice(0)) job.reject(closed);
    for (const slot of [...this.#slots]) void slot.terminate(closed);
    await Promise.all([...this.#exiting]);
  }

  #fill(): void {
    while (!this.#closed && this.#slots.size < this.#size) {
      this.#slots.add(
        this.#createSlot({
          idle: () => this.#dispatch(),
          gone: (slot, exited, startupError) => this.#onGone(slot, exited, startupError),
        }),
      );
    }
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (!slot.available) continue;
      const job = this.#queue.shift();
      if (job === undefined) return;
      this.#startupFailures = 0;
      slot.start(job);
    }
  }

  #onGone(slot: WorkerSlot, exited: Promise<unknown>, startupError?: Error): void {
    this.#slots.delete(slot);
    this.#exiting.add(exited);
    void exited.then(() => this.#exiting.delete(exited));
    if (this.#closed) return;
    if (startupError !== undefined && ++this.#startupFailures >= MAX_STARTUP_FAILURES) {
      // Do not respawn forever: fail what is waiting; the next submit() starts over.
      this.#startupFailures = 0;
      const error = new Error(`Sandbox workers fail to start: ${startupError.message}`, { cause: startupError });
      for (const job of this.#queue.splice(0)) job.reject(error);
      return;
    }
    // Replace the worker only when work is waiting; an idle pool refills on the next submit().
    if (this.#queue.length > 0) this.#fill();
  }
}
