import type { Language, RunLane } from './types.js';

/** A run left the queue for a worker: how long it waited (metrics: the sandbox's queue wait per language). */
export interface RunStart {
  readonly language: Language;
  readonly lane: RunLane;
  readonly waitMs: number;
}

/** Runs of one language and lane waiting for a worker now. */
export interface QueueDepth {
  readonly language: Language;
  readonly lane: RunLane;
  readonly waiting: number;
}

export type RunStartListener = (start: RunStart) => void;

/** Whoever watches the sandbox's queue (a metrics registry); a listener that throws never breaks a run. */
export class RunStartWatchers {
  readonly #listeners = new Set<RunStartListener>();

  add(listener: RunStartListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(start: RunStart): void {
    for (const listener of this.#listeners) {
      try {
        listener(start);
      } catch {
        // The watcher's problem; the run goes on.
      }
    }
  }
}

/** Counts waiting runs by language and lane (only the pairs that have some). */
export const depthsOf = (waiting: Iterable<{ language: Language; lane: RunLane }>): QueueDepth[] => {
  const counts = new Map<string, QueueDepth>();
  for (const { language, lane } of waiting) {
    const key = `${language}\u0000${lane}`;
    const seen = counts.get(key);
    counts.set(key, { language, lane, waiting: (seen?.waiting ?? 0) + 1 });
  }
  return [...counts.values()];
};
