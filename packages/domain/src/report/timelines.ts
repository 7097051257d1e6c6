import { applyProctoringEvent, type ProctoringCounters } from '../candidate/proctoring.js';
import type { AttemptEvent, KeptEvents } from './event-log.js';

/** A counted departure: when the candidate left, when they came back (null: not before the end), and for how long. */
export interface Departure {
  readonly leftAt: number;
  readonly returnedAt: number | null;
  readonly seconds: number;
}

/** The departures of one unbroken run of events: those that ended, and when the one still open began (null: none). */
const replay = (events: readonly AttemptEvent[], endedAt: number): { closed: Departure[]; openSince: number | null } => {
  const closed: Departure[] = [];
  let counters: ProctoringCounters = { wv: 0, tv: 0, leftAt: null };
  let open: number | null = null;
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    if (event.kind === 'section' || event.at > endedAt) continue;
    const next = applyProctoringEvent(counters, { type: event.kind, at: event.at });
    // Counted now: the departure began when the candidate left (or when the page went away).
    if (next.wv > counters.wv) open = counters.leftAt ?? next.leftAt;
    if (open !== null && next.leftAt === null) {
      closed.push({ leftAt: open, returnedAt: event.at, seconds: next.tv - counters.tv });
      open = null;
    }
    counters = next;
  }
  return { closed, openSince: open };
};

/**
 * The departures `wv` and `tv` count, replayed from the page's events with the same rules (reloads that come
 * back within seconds are not departures). One still open at `endedAt` lasts until then.
 */
export const departuresOf = (events: readonly AttemptEvent[], endedAt: number): Departure[] => {
  const { closed, openSince } = replay(events, endedAt);
  return openSince === null ? closed : [...closed, { leftAt: openSince, returnedAt: null, seconds: Math.max(0, Math.round((endedAt - openSince) / 1000)) }];
};

/**
 * The departures of an attempt's kept log (event-log.ts). When events between its first and last ones were not kept,
 * the two runs are replayed apart: a departure still open where the gap begins came back somewhere in it, when is
 * not known, so it is left out, like those within the gap; wv and tv count every one of them.
 */
export const departuresOfLog = (presence: KeptEvents, endedAt: number): Departure[] =>
  presence.omitted === 0
    ? departuresOf([...presence.head, ...presence.tail], endedAt)
    : [...replay(presence.head, endedAt).closed, ...departuresOf(presence.tail, endedAt)];

/**
 * Seconds spent on each section, from the section views the page reported: from one view to the next (or the end).
 * Time before the first view is no section's (where the candidate was is not known), views after the end count
 * nothing, and a section never viewed has no entry: its time is not known, which is not zero.
 */
export const timeBySection = (events: readonly AttemptEvent[], startedAt: number, endedAt: number): Map<number, number> => {
  const spent = new Map<number, number>();
  const views = events
    .filter((event): event is Extract<AttemptEvent, { kind: 'section' }> => event.kind === 'section' && event.at >= startedAt && event.at < endedAt)
    .sort((a, b) => a.at - b.at);
  views.forEach((view, index) => {
    const until = views[index + 1]?.at ?? endedAt;
    spent.set(view.sectionId, (spent.get(view.sectionId) ?? 0) + (until - view.at) / 1000);
  });
  for (const [sectionId, seconds] of spent) spent.set(sectionId, Math.round(seconds));
  return spent;
};

/** Seconds per section from an attempt's kept section views; none is known when views between the kept ones were not kept. */
export const sectionTimesOfLog = (sections: KeptEvents, startedAt: number, endedAt: number): Map<number, number> =>
  sections.omitted === 0 ? timeBySection([...sections.head, ...sections.tail], startedAt, endedAt) : new Map();
