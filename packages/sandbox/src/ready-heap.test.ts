import { describe, expect, it } from 'vitest';
import { ReadyHeap } from './ready-heap.js';

interface Item {
  served: number;
  since: number;
}

/** The pick the fair queue made before the heap (decision 1403): the least served, the earliest among equals. */
const linearFirst = (items: Set<Item>): Item | undefined => {
  let best: Item | undefined;
  for (const item of items) if (best === undefined || item.served < best.served || (item.served === best.served && item.since < best.since)) best = item;
  return best;
};

/** A fixed sequence of pseudo-random numbers (no clock, no Math.random: the same run every time). */
const numbers = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('ReadyHeap', () => {
  it('always answers the pick a linear scan would, through adds, rank changes and deletes', () => {
    const next = numbers(7);
    const heap = new ReadyHeap<Item>();
    const members = new Set<Item>();
    const all: Item[] = [];
    let since = 0;
    for (let step = 0; step < 5_000; step++) {
      const roll = next();
      if (roll < 0.4 || members.size === 0) {
        // Ties on `served` are common (every new flow joins at its parent's clock): only `since` breaks them.
        const item = { served: Math.floor(next() * 20), since: ++since };
        all.push(item);
        members.add(item);
        heap.add(item);
      } else if (roll < 0.7) {
        const item = [...members][Math.floor(next() * members.size)]!;
        item.served += Math.floor(next() * 10) - 3;
        heap.update(item);
      } else {
        const item = [...members][Math.floor(next() * members.size)]!;
        members.delete(item);
        heap.delete(item);
      }
      expect(heap.size).toBe(members.size);
      expect(heap.first()).toBe(linearFirst(members));
    }
    expect(all.filter((item) => heap.has(item)).length).toBe(members.size);
  });

  it('ignores an update or a delete of what is not a member, and adds a member once', () => {
    const heap = new ReadyHeap<Item>();
    const a = { served: 1, since: 1 };
    const b = { served: 0, since: 2 };
    heap.update(a);
    heap.delete(a);
    heap.add(a);
    heap.add(a);
    expect(heap.size).toBe(1);
    heap.add(b);
    expect(heap.first()).toBe(b);
    heap.delete(b);
    expect(heap.first()).toBe(a);
  });
});
