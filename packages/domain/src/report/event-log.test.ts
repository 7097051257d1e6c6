import { describe, expect, it } from 'vitest';
import { EVENT_LOG_LIMITS, completeLog, eventLogPlacement, keptEventsOf, omittedEventsOf, streamOf, type AttemptEvent } from './event-log.js';

const { head, tail } = EVENT_LOG_LIMITS;
const left = (ordinal: number): AttemptEvent => ({ kind: 'left', at: ordinal * 1_000 });

/** The event numbers a stream keeps after taking `total` events one by one, placed as eventLogPlacement says. */
const keptAfter = (total: number): number[] => {
  const kept = new Set<number>();
  for (let ordinal = 0; ordinal < total; ordinal += 1) {
    const { evict } = eventLogPlacement(ordinal);
    if (evict !== null) kept.delete(evict);
    kept.add(ordinal);
  }
  return [...kept].sort((a, b) => a - b);
};

describe("an attempt's event log", () => {
  it('keeps every event until the head and a tail are full', () => {
    expect(keptAfter(head + tail)).toHaveLength(head + tail);
    expect(eventLogPlacement(head + tail - 1)).toEqual({ evict: null });
  });

  it('then keeps the first events and the last ones, whatever the number sent', () => {
    const total = 10 * (head + tail) + 7;
    const kept = keptAfter(total);
    expect(kept).toHaveLength(head + tail);
    expect(kept.slice(0, head)).toEqual(Array.from({ length: head }, (_, index) => index));
    expect(kept.slice(head)).toEqual(Array.from({ length: tail }, (_, index) => total - tail + index));
  });

  it('reads back what is kept, in arrival order, with the number not kept', () => {
    const total = head + tail + 50;
    const stored = keptAfter(total)
      .reverse()
      .map((ordinal) => ({ ordinal, event: left(ordinal) }));
    const kept = keptEventsOf(stored, total);
    expect(kept.head).toEqual(Array.from({ length: head }, (_, index) => left(index)));
    expect(kept.tail).toEqual(Array.from({ length: tail }, (_, index) => left(total - tail + index)));
    expect(kept.omitted).toBe(50);
  });

  it('reads only the kept window of a stream stored before the log was bounded', () => {
    const total = head + tail + 20;
    const everything = Array.from({ length: total }, (_, ordinal) => ({ ordinal, event: left(ordinal) }));
    const kept = keptEventsOf(everything, total);
    expect([kept.head.length, kept.tail.length, kept.omitted]).toEqual([head, tail, 20]);
  });

  it('bounds departures and section views apart, and counts what neither kept', () => {
    expect([streamOf('left'), streamOf('returned'), streamOf('unload'), streamOf('section')]).toEqual(['presence', 'presence', 'presence', 'sections']);
    const log = completeLog([left(0), { kind: 'section', at: 1, sectionId: 4 }]);
    expect([log.presence.head.length, log.sections.head.length, omittedEventsOf(log)]).toEqual([1, 1, 0]);
    expect(omittedEventsOf({ presence: { ...log.presence, omitted: 5 }, sections: { ...log.sections, omitted: 2 } })).toBe(7);
  });
});
