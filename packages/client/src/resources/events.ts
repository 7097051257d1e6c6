import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, ReconciliationEvents, type EventsQuery } from '@assay/domain/schemas';
import { sleep } from '../core/attempt-signal.js';
import { AssayError, AssayUserAbortError } from '../core/errors.js';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

export type ReconciliationEvent = ReconciliationEvents['events'][number];

/** A window of the reconciliation log: ISO 8601 instants (or Dates); `to` defaults to the server's now. */
export interface EventsWindow {
  from: EventsQuery['from'] | Date;
  to?: EventsQuery['to'] | Date;
  /** Events per page, 1–1000 (default 500). */
  limit?: EventsQuery['limit'];
}

export interface FollowOptions extends CallOptions {
  /** Where to start; now by default. */
  from?: string | Date;
  /** Between polls; default 5 s. */
  intervalMs?: number;
  /** Each poll looks this far back, so an event committed a moment late (or a skewed clock) loses nothing; default 60 s. */
  lookbackMs?: number;
}

const isoOf = (instant: string | Date) => (typeof instant === 'string' ? instant : instant.toISOString());
const keyOf = (event: ReconciliationEvent) => `${event.type}:${event.testInvitationId}:${event.at}`;

/** Events already handed out, forgotten once they fall before the window still being read. */
class SeenEvents {
  private readonly seen = new Map<string, number>();
  /** True the first time an event is offered. */
  first(event: ReconciliationEvent): boolean {
    const key = keyOf(event);
    if (this.seen.has(key)) return false;
    this.seen.set(key, Date.parse(event.at));
    return true;
  }
  forgetBefore(epochMs: number): void {
    for (const [key, at] of this.seen) if (at < epochMs) this.seen.delete(key);
  }
}

/** The reconciliation log: completions and cancellations, oldest first, for integrators who missed callbacks. */
export class Events {
  constructor(private readonly transport: Transport) {}

  /** One page; `next` is the `from` of the following page, null when the window is exhausted. */
  list(window: EventsWindow, options?: CallOptions): Promise<ReconciliationEvents> {
    const query = { from: isoOf(window.from), to: window.to === undefined ? undefined : isoOf(window.to), limit: window.limit };
    return this.transport.json({ method: 'GET', path: '/v2/org/events', query, credential: 'apiKey' }, ReconciliationEvents, options);
  }

  /** Every event of the window, each once (pages overlap at their boundary instant). */
  async *all(window: EventsWindow, options?: CallOptions): AsyncGenerator<ReconciliationEvent, void, undefined> {
    yield* this.read(window, new SeenEvents(), options);
  }

  /**
   * Completions and cancellations as they happen, polling until `signal` aborts (then it simply ends) or the
   * loop breaks: for dashboards and `assay events --follow`.
   */
  async *follow(options: FollowOptions = {}): AsyncGenerator<ReconciliationEvent, void, undefined> {
    const { from, intervalMs = 5_000, lookbackMs = 60_000, ...call } = options;
    const seen = new SeenEvents();
    const origin = from === undefined ? Date.now() : Date.parse(isoOf(from));
    let readUpTo = origin;
    try {
      for (;;) {
        const pollStartedAt = Date.now();
        // Always a little into the past: never ahead of the server's clock, and late commits are caught.
        const start = readUpTo - lookbackMs;
        seen.forgetBefore(start);
        for await (const event of this.read({ from: new Date(start) }, seen, call)) {
          if (Date.parse(event.at) >= origin) yield event;
        }
        readUpTo = pollStartedAt;
        await sleep(intervalMs, call.signal);
      }
    } catch (error) {
      if (error instanceof AssayUserAbortError) return;
      throw error;
    }
  }

  private async *read(window: EventsWindow, seen: SeenEvents, options: CallOptions | undefined): AsyncGenerator<ReconciliationEvent, void, undefined> {
    let from = isoOf(window.from);
    let limit = window.limit;
    for (;;) {
      const page = await this.list({ ...window, from, limit }, options);
      let fresh = 0;
      for (const event of page.events) {
        if (!seen.first(event)) continue;
        fresh++;
        yield event;
      }
      if (page.next === null) return;
      if (page.next === from && fresh === 0) {
        // `from` is inclusive: a full page of events all at one instant, all seen, cannot move on. A larger page can.
        if ((limit ?? EVENTS_PAGE_DEFAULT) >= EVENTS_PAGE_MAX) throw new AssayError(`More than ${EVENTS_PAGE_MAX} events at ${from}.`);
        limit = Math.min(EVENTS_PAGE_MAX, (limit ?? EVENTS_PAGE_DEFAULT) * 2);
        continue;
      }
      seen.forgetBefore(Date.parse(page.next));
      from = page.next;
    }
  }
}
