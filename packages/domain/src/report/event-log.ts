import { boundedPlacement, keptWindow, type RecordBound } from '../history/record-bounds.js';

/** What the page reported during an attempt, as stored, in the order it happened. */
export type AttemptEvent =
  | { readonly kind: 'left' | 'returned' | 'unload'; readonly at: number }
  | { readonly kind: 'section'; readonly at: number; readonly sectionId: number };

/**
 * An attempt's log is two streams, bounded apart so a flood of one never pushes the other out: departures (left,
 * returned, unload), which the integrity timeline replays, and section views, which time each section.
 */
export type EventStream = 'presence' | 'sections';

export const streamOf = (kind: AttemptEvent['kind']): EventStream => (kind === 'section' ? 'sections' : 'presence');

/**
 * How much of each stream one attempt keeps, whatever a page sends: its first `head` events and its last `tail`
 * ones; of the rest only their number. An honest page sends a few dozen of each in an attempt (a departure is two
 * events), so nearly every attempt keeps all of them; the counters wv and tv count every event either way.
 */
export const EVENT_LOG_LIMITS: RecordBound = { head: 100, tail: 100 };

/**
 * Where a stream's event number `ordinal` (from 0, in arrival order) goes: it is kept, being the latest, and once
 * the stream holds its head and a full tail, the oldest event of the tail (number `evict`) makes room for it.
 */
export const eventLogPlacement = (ordinal: number): { readonly evict: number | null } => boundedPlacement(EVENT_LOG_LIMITS, ordinal);

/** The event numbers a stream of `total` events keeps: below `headEnd`, and from `tailStart` on. */
export const keptOrdinals = (total: number): { readonly headEnd: number; readonly tailStart: number } => keptWindow(EVENT_LOG_LIMITS, total);

/** A stream as kept: its first events and its last ones, in arrival order, and how many between them are not kept. */
export interface KeptEvents {
  readonly head: readonly AttemptEvent[];
  readonly tail: readonly AttemptEvent[];
  readonly omitted: number;
}

/** The attempt's log as the report reads it. */
export interface AttemptLog {
  readonly presence: KeptEvents;
  readonly sections: KeptEvents;
}

/** A stream's stored events with their numbers, and how many the stream ever took (its last number + 1), as kept. */
export const keptEventsOf = (stored: readonly { readonly ordinal: number; readonly event: AttemptEvent }[], total: number): KeptEvents => {
  const { headEnd, tailStart } = keptOrdinals(total);
  const inOrder = [...stored].sort((a, b) => a.ordinal - b.ordinal);
  return {
    head: inOrder.filter(({ ordinal }) => ordinal < headEnd).map(({ event }) => event),
    tail: inOrder.filter(({ ordinal }) => ordinal >= tailStart).map(({ event }) => event),
    omitted: tailStart - headEnd,
  };
};

/** A log that kept everything: the events of both streams, in the order given. */
export const completeLog = (events: readonly AttemptEvent[]): AttemptLog => {
  const all = (stream: EventStream): KeptEvents => ({ head: events.filter((event) => streamOf(event.kind) === stream), tail: [], omitted: 0 });
  return { presence: all('presence'), sections: all('sections') };
};

/** How many events of the attempt the log does not keep (the counters count them). */
export const omittedEventsOf = (log: AttemptLog): number => log.presence.omitted + log.sections.omitted;
