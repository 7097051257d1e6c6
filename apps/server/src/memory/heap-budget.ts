import { getHeapSpaceStatistics } from 'node:v8';
import { collectGarbage } from './collect-garbage.js';

export interface HeapBudgetOptions {
  /** Old-generation growth since the stream began (or since the last collection) that calls for a collection. */
  budgetBytes?: number;
  /** Rows between two readings of the heap. */
  everyRows?: number;
  /** Bytes the old generation holds now, garbage included. */
  oldGeneration?: () => number;
  collect?: () => void;
}

const oldSpaceUsed = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

/**
 * Passes `rows` through, holding the old generation's growth to a budget while they stream. A long export reads its
 * rows in batches that outlive a scavenge or two while the next one is read, so they are promoted and die there; V8
 * leaves that garbage until its own limit for the old generation, which it sets from the heap the last full collection
 * found and how fast the process allocates: anywhere from ~40 to ~115 MB on a server that has just been busy. Every
 * 100,000-invitation export then grew the server by 90 to 185 MB, decided by where that limit happened to be. Past
 * the budget the stream runs one full collection and goes on (a 100,000-invitation export: six of 20–30 ms each, in an
 * export of ~4 s): the export's memory is bounded by what it holds, not by V8's timing.
 */
export async function* withinHeapBudget<T>(rows: AsyncIterable<T>, options: HeapBudgetOptions = {}): AsyncGenerator<T> {
  const budget = options.budgetBytes ?? 16 * 2 ** 20;
  const every = options.everyRows ?? 512;
  const oldGeneration = options.oldGeneration ?? oldSpaceUsed;
  const collect = options.collect ?? collectGarbage;
  let floor = oldGeneration();
  let count = 0;
  for await (const row of rows) {
    yield row;
    count += 1;
    if (count % every !== 0) continue;
    const used = oldGeneration();
    // A collection V8 ran by itself lowers the floor too: the budget counts growth since the heap was last clean.
    if (used < floor) floor = used;
    else if (used - floor > budget) {
      collect();
      floor = oldGeneration();
    }
  }
}
