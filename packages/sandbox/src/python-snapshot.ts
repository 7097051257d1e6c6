import type { HostMessage } from './protocol.js';

/** A worker as the snapshot's coordinator sees it: something to send the answer to. */
export interface SnapshotClient {
  send(message: HostMessage): void;
}

/**
 * One Python memory snapshot per process, made once and shared. A cold start (Pyodide from nothing, then the
 * snapshot) takes seconds of CPU and ~150 MB at its peak; workers that started together (a pool warmed up with the
 * standby, or JavaScript workers warmed for Python later) each made their own: measured, three snapshots of 13 s
 * each at the first warm-up of a server. Now the first worker that needs Python without a snapshot makes it, and the
 * others wait for it and start from it; if the maker is lost first, a waiting worker takes over.
 */
export class SnapshotShare {
  #snapshot: SharedArrayBuffer | undefined;
  #maker: SnapshotClient | undefined;
  readonly #waiting = new Set<SnapshotClient>();

  /** The snapshot, once made: what a new worker starts with. */
  get snapshot(): SharedArrayBuffer | undefined {
    return this.#snapshot;
  }

  /** A worker needs Python and has no snapshot: it gets the snapshot, or is told to make it, or waits for the one on its way. */
  wanted(client: SnapshotClient): void {
    if (this.#snapshot !== undefined) {
      client.send({ type: 'pythonSnapshot', bytes: this.#snapshot });
      return;
    }
    if (this.#maker !== undefined && this.#maker !== client) {
      this.#waiting.add(client);
      return;
    }
    this.#maker = client;
    client.send({ type: 'makePythonSnapshot' });
  }

  /** The maker sent the snapshot: every worker waiting for it gets it. */
  made(bytes: SharedArrayBuffer): void {
    this.#snapshot ??= bytes;
    this.#maker = undefined;
    for (const client of this.#waiting) client.send({ type: 'pythonSnapshot', bytes: this.#snapshot });
    this.#waiting.clear();
  }

  /** A worker is gone: it waits no more, and if it was making the snapshot, a waiting worker makes it instead. */
  gone(client: SnapshotClient): void {
    this.#waiting.delete(client);
    if (this.#maker !== client) return;
    this.#maker = undefined;
    const next = this.#waiting.values().next().value;
    if (next === undefined) return;
    this.#waiting.delete(next);
    this.wanted(next);
  }
}

/** The process's: every Sandbox's workers start from the same snapshot. */
export const pythonSnapshots = new SnapshotShare();
