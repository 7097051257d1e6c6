import { applyProctoringEvent, type ProctoringCounters } from '../candidate/proctoring.js';

/** What the page reported during an attempt, as stored, in the order it happened. */
export type AttemptEvent =
  | { readonly kind: 'left' | 'returned' | 'unload'; readonly at: number }
  | { readonly kind: 'section'; readonly at: number; readonly sectionId: number };

/** A counted departure: when the candidate left, when they came back (null: not before the end), and for how long. */
export interface Departure {
  readonly leftAt: number;
  readonly returnedAt: number | null;
  readonly seconds: number;
}

/**
 * The departures `wv` and `tv` count, replayed from the page's events with the same rules (reloads that come
 * back within seconds are not departures). One still open at `endedAt` lasts until then.
 */
export const departuresOf = (events: readonly AttemptEvent[], endedAt: number): Departure[] => {
  const departures: Departure[] = [];
  let counters: ProctoringCounters = { wv: 0, tv: 0, leftAt: null };
  let open: number | null = null;
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    if (event.kind === 'section' || event.at > endedAt) continue;
    const next = applyProctoringEvent(counters, { type: event.kind, at: event.at });
    // Counted now: the departure began when the candidate left (or when the page went away).
    if (next.wv > counters.wv) open = counters.leftAt ?? next.leftAt;
    if (open !== null && next.leftAt === null) {
      departures.push({ leftAt: open, returnedAt: event.at, seconds: next.tv - counters.tv });
      open = null;
    }
    counters = next;
  }
  if (open !== null) departures.push({ leftAt: open, returnedAt: null, seconds: Math.max(0, Math.round((endedAt - open) / 1000)) });
  return departures;
};

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
