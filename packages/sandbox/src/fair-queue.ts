import { ReadyHeap } from './ready-heap.js';

/**
 * Which waiting run starts next, as a pure function of what waits and what ran: hierarchical start-time fair
 * queueing over a path of flows (for the sandbox: lane → org → link → client address → candidate). At every level
 * the flow that has received the least worker time (`served`, in ms divided by its weight) goes first, ties in the
 * order the flows started waiting (round robin). A flow that starts waiting after being idle joins at the level's
 * current virtual time (`clock`) less `idleCreditMs` at most: idleness banks a bounded credit, so a candidate who
 * presses Run now and then goes ahead of flows that have just had their share (ten loops pressed again and again),
 * and a flow whose last run was long carries that cost (its debt) until the others have caught up. Over time each
 * flow gets its share; the credit only orders the next second or so (top-level flows get none). A leaf runs at most one entry at a time: one
 * run in flight per candidate. No clock is read and nothing is random: the same calls give the same order (the
 * unit tests rely on it). Every path should have the same length.
 *
 * A run's cost is not known when it starts: it is charged an estimate then (its flow's last measured cost, else the
 * top-level flow's running mean, else `defaultCostMs`) and corrected once measured (`done`).
 */
export interface FairQueueOptions {
  /** Weights of the top-level flows (the lanes), by key: shares of worker time when all wait. Default 1 each. */
  readonly weights?: Readonly<Record<string, number>>;
  /** The cost charged to a run that nothing has been measured for yet. */
  readonly defaultCostMs: number;
  /** How much worker time an idle flow may be behind the others when it starts waiting again. Default 1000 ms. */
  readonly idleCreditMs?: number;
}

/** A queued (then running) entry; `path` names its flows from the top level down to its leaf. */
export interface Ticket<T> {
  readonly item: T;
  readonly path: readonly string[];
  state: 'waiting' | 'running' | 'done' | 'removed';
  /** What it was charged when it started (its estimate), corrected by `done`. */
  charged: number;
}

/**
 * Idle flows are kept while they carry a debt. Past this many flows, the idle ones whose debt the clock has passed
 * are dropped; past MAX_FLOWS, every idle one (its debt with it): a bound on memory that honest use never reaches.
 */
const SWEEP_FLOWS = 10_000;
const MAX_FLOWS = 50_000;
/** Weight of the newest measurement in a lane's running mean. */
const MEAN_WEIGHT = 0.2;
const DEFAULT_IDLE_CREDIT_MS = 1000;

class Flow<T> {
  served = 0;
  /** The largest `served` of a child at the moment it was picked: where a child that starts waiting joins. */
  clock = 0;
  /** When it last started waiting (ties go to the earlier). */
  since = 0;
  readonly children = new Map<string, Flow<T>>();
  /** Children with a startable entry below them, the first to pick on top. */
  readonly ready = new ReadyHeap<Flow<T>>();
  readonly waiting: InternalTicket<T>[] = [];
  running = 0;
  lastCostMs: number | undefined;

  constructor(
    readonly key: string,
    readonly parent: Flow<T> | undefined,
    readonly weight: number,
  ) {}

  get startable(): boolean {
    return this.children.size === 0 && this.parent !== undefined ? this.waiting.length > 0 && this.running === 0 : this.ready.size > 0;
  }

  get idle(): boolean {
    return this.waiting.length === 0 && this.running === 0 && this.children.size === 0;
  }
}

interface InternalTicket<T> extends Ticket<T> {
  leaf: Flow<T>;
}

export class FairQueue<T> {
  readonly #options: FairQueueOptions;
  readonly #credit: number;
  #root = new Flow<T>('', undefined, 1);
  readonly #means = new Map<string, number>();
  #sequence = 0;
  #waiting = 0;
  readonly #waitingByTop = new Map<string, number>();
  #flows = 1;
  #sweepAt = SWEEP_FLOWS;

  constructor(options: FairQueueOptions) {
    this.#options = options;
    this.#credit = options.idleCreditMs ?? DEFAULT_IDLE_CREDIT_MS;
  }

  /** Entries waiting (not running), in all, or under one top-level flow. */
  get waiting(): number {
    return this.#waiting;
  }

  waitingIn(top: string): number {
    return this.#waitingByTop.get(top) ?? 0;
  }

  add(item: T, path: readonly string[]): Ticket<T> {
    if (path.length === 0) throw new TypeError('FairQueue.add needs a path of at least one flow');
    if (this.#flows > this.#sweepAt) this.#sweep();
    const leaf = this.#leafOf(path);
    const ticket: InternalTicket<T> = { item, path, state: 'waiting', charged: 0, leaf };
    leaf.waiting.push(ticket);
    this.#count(path[0]!, 1);
    this.#refresh(leaf);
    return ticket;
  }

  /** Takes a waiting entry out (a cancelled run): true if it was waiting. */
  remove(ticket: Ticket<T>): boolean {
    const entry = ticket as InternalTicket<T>;
    if (entry.state !== 'waiting') return false;
    const index = entry.leaf.waiting.indexOf(entry);
    if (index >= 0) entry.leaf.waiting.splice(index, 1);
    entry.state = 'removed';
    this.#count(entry.path[0]!, -1);
    this.#refresh(entry.leaf);
    this.#prune(entry.leaf);
    return true;
  }

  /** The entry to start now, marked running and charged its estimate; undefined when none can start. */
  take(): Ticket<T> | undefined {
    let flow = this.#root;
    if (!flow.startable) return undefined;
    while (flow.ready.size > 0) {
      const next = flow.ready.first()!;
      flow.clock = Math.max(flow.clock, next.served);
      flow = next;
    }
    const ticket = flow.waiting.shift()!;
    ticket.state = 'running';
    ticket.charged = this.estimateOf(ticket);
    flow.running += 1;
    this.#count(ticket.path[0]!, -1);
    charge(flow, ticket.charged);
    this.#refresh(flow);
    return ticket;
  }

  /** A running entry ended after `costMs` of worker time: its charge is corrected and its leaf may run again. */
  done(ticket: Ticket<T>, costMs: number, { learn = true }: { learn?: boolean } = {}): void {
    const entry = ticket as InternalTicket<T>;
    if (entry.state !== 'running') return;
    entry.state = 'done';
    const cost = Math.max(0, costMs);
    charge(entry.leaf, cost - entry.charged);
    entry.charged = cost;
    entry.leaf.running -= 1;
    if (learn) {
      entry.leaf.lastCostMs = cost;
      const top = entry.path[0]!;
      const mean = this.#means.get(top);
      this.#means.set(top, mean === undefined ? cost : mean + MEAN_WEIGHT * (cost - mean));
    }
    this.#refresh(entry.leaf);
    this.#prune(entry.leaf);
  }

  /** What an entry is expected to cost: its flow's last measured run, else its lane's mean, else the default. */
  estimateOf(ticket: Ticket<T>): number {
    return (ticket as InternalTicket<T>).leaf.lastCostMs ?? this.meanOf(ticket.path[0]!);
  }

  /** The running mean cost of a top-level flow's runs (the default before any was measured). */
  meanOf(top: string): number {
    return this.#means.get(top) ?? this.#options.defaultCostMs;
  }

  /**
   * The order in which the waiting entries would start if nothing else arrived and each ran its estimate (a
   * running entry's leaf is taken to be free: it has one waiting entry at most in practice). For queue positions.
   */
  order(): Ticket<T>[] {
    const copy = new FairQueue<T>(this.#options);
    const originals = new Map<Ticket<T>, Ticket<T>>();
    copy.#root = this.#copyFlow(this.#root, undefined, copy, originals);
    copy.#sequence = this.#sequence;
    for (const [top, mean] of this.#means) copy.#means.set(top, mean);
    const order: Ticket<T>[] = [];
    for (let ticket = copy.take(); ticket !== undefined; ticket = copy.take()) {
      order.push(originals.get(ticket)!);
      copy.done(ticket, ticket.charged, { learn: false });
    }
    return order;
  }

  #copyFlow(flow: Flow<T>, parent: Flow<T> | undefined, into: FairQueue<T>, originals: Map<Ticket<T>, Ticket<T>>): Flow<T> {
    const copy = new Flow<T>(flow.key, parent, flow.weight);
    copy.served = flow.served;
    copy.clock = flow.clock;
    copy.since = flow.since;
    copy.lastCostMs = flow.lastCostMs;
    for (const ticket of flow.waiting) {
      const twin: InternalTicket<T> = { item: ticket.item, path: ticket.path, state: 'waiting', charged: 0, leaf: copy };
      originals.set(twin, ticket);
      copy.waiting.push(twin);
    }
    for (const [key, child] of flow.children) {
      const twin = this.#copyFlow(child, copy, into, originals);
      copy.children.set(key, twin);
      if (twin.startable) copy.ready.add(twin);
    }
    // Ties keep the original's order: the heap breaks them by `since`, which is copied.
    return copy;
  }

  #leafOf(path: readonly string[]): Flow<T> {
    let flow = this.#root;
    for (const [depth, key] of path.entries()) {
      let child = flow.children.get(key);
      if (child === undefined) {
        const weight = depth === 0 ? (this.#options.weights?.[key] ?? 1) : 1;
        if (!(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`FairQueue weight of ${key} must be a positive number`);
        child = new Flow<T>(key, flow, weight);
        // Set when it starts waiting, just below: a new flow is an idle one with all of the credit.
        child.served = Number.NEGATIVE_INFINITY;
        flow.children.set(key, child);
        this.#flows += 1;
      }
      flow = child;
    }
    return flow;
  }

  /** Keeps each parent's set of startable children true after `flow` changed, up to the root. */
  #refresh(flow: Flow<T>): void {
    for (let node = flow; node.parent !== undefined; node = node.parent) {
      const parent = node.parent;
      const startable = node.startable;
      if (startable === parent.ready.has(node)) return;
      if (startable) {
        // Idle time banks a bounded credit: a flow starts waiting at most `idleCreditMs` behind its parent's clock.
        node.served = Math.max(node.served, parent.clock - this.#creditUnder(parent));
        node.since = ++this.#sequence;
        parent.ready.add(node);
      } else {
        parent.ready.delete(node);
      }
    }
  }

  /** Drops idle flows that have all of the credit (they would rejoin as new ones do), from `flow` upwards. */
  #prune(flow: Flow<T>): void {
    for (let node = flow; node.parent !== undefined && node.idle && node.served <= node.parent.clock - this.#creditUnder(node.parent); node = node.parent) {
      node.parent.children.delete(node.key);
      this.#flows -= 1;
    }
  }

  /** Many flows kept: drop the idle ones without debt, and every idle one if still too many. */
  #sweep(): void {
    const sweep = (flow: Flow<T>, evenInDebt: boolean) => {
      for (const child of [...flow.children.values()]) {
        sweep(child, evenInDebt);
        if (child.idle && (evenInDebt || child.served <= flow.clock - this.#creditUnder(flow))) {
          flow.children.delete(child.key);
          this.#flows -= 1;
        }
      }
    };
    sweep(this.#root, false);
    if (this.#flows > MAX_FLOWS) sweep(this.#root, true);
    // Sweeping again before the flows have doubled would cost a walk per run added.
    this.#sweepAt = Math.max(SWEEP_FLOWS, 2 * this.#flows);
  }

  /**
   * The top-level flows (the lanes) get none: they are few and long-lived, their shares are their weights, and a
   * lane that was idle while the other had the workers then goes next, not for a second's worth of runs.
   */
  #creditUnder(parent: Flow<T>): number {
    return parent === this.#root ? 0 : this.#credit;
  }

  #count(top: string, delta: number): void {
    this.#waiting += delta;
    const count = (this.#waitingByTop.get(top) ?? 0) + delta;
    if (count === 0) this.#waitingByTop.delete(top);
    else this.#waitingByTop.set(top, count);
  }
}

/** Adds `cost` to every flow from the leaf up to (not including) the root, divided by each flow's weight. */
function charge<T>(leaf: Flow<T>, cost: number): void {
  for (let node: Flow<T> | undefined = leaf; node?.parent !== undefined; node = node.parent) {
    node.served += cost / node.weight;
    node.parent.ready.update(node);
  }
}
