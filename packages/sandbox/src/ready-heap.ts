/** What the fair queue orders its startable flows by: the least served first, the earliest to start waiting among equals. */
export interface Ranked {
  readonly served: number;
  readonly since: number;
}

const before = (a: Ranked, b: Ranked): boolean => a.served < b.served || (a.served === b.served && a.since < b.since);

/**
 * A flow's startable children as a binary heap (decision 1403): the fair queue picks the first of them for every run
 * it starts, and its forecast of queue places takes every waiting run in turn, so a linear scan made one forecast
 * quadratic in the runs waiting (a campus of 5,000 candidates spent a quarter of its request thread there). A
 * member whose rank changes while in the heap must be `update`d.
 */
export class ReadyHeap<F extends Ranked> {
  readonly #items: F[] = [];
  readonly #index = new Map<F, number>();

  get size(): number {
    return this.#items.length;
  }

  has(item: F): boolean {
    return this.#index.has(item);
  }

  /** The first by rank; undefined when empty. */
  first(): F | undefined {
    return this.#items[0];
  }

  add(item: F): void {
    if (this.#index.has(item)) return;
    this.#items.push(item);
    this.#index.set(item, this.#items.length - 1);
    this.#up(this.#items.length - 1);
  }

  delete(item: F): void {
    const at = this.#index.get(item);
    if (at === undefined) return;
    this.#index.delete(item);
    const last = this.#items.pop()!;
    if (at === this.#items.length) return;
    this.#items[at] = last;
    this.#index.set(last, at);
    this.#up(at);
    this.#down(this.#index.get(last)!);
  }

  /** `item`'s rank changed: it moves to its place (nothing when it is not a member). */
  update(item: F): void {
    const at = this.#index.get(item);
    if (at === undefined) return;
    this.#up(at);
    this.#down(this.#index.get(item)!);
  }

  #up(at: number): void {
    const items = this.#items;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!before(items[at]!, items[parent]!)) return;
      this.#swap(at, parent);
      at = parent;
    }
  }

  #down(at: number): void {
    const items = this.#items;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < items.length && before(items[left]!, items[least]!)) least = left;
      if (right < items.length && before(items[right]!, items[least]!)) least = right;
      if (least === at) return;
      this.#swap(at, least);
      at = least;
    }
  }

  #swap(a: number, b: number): void {
    const items = this.#items;
    const held = items[a]!;
    items[a] = items[b]!;
    items[b] = held;
    this.#index.set(items[a]!, a);
    this.#index.set(items[b]!, b);
  }
}
