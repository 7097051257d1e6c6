import type { HistoryKind } from './history-events.js';

/*
 * One rule for every per-attempt record a caller can add to (decision 634): a stream of records keeps its first `head`
 * and its last `tail`, numbered from 0 in arrival order, and only the number of the rest. The proctoring log's two
 * streams (report/event-log.ts, decision 213), an invitation's history (per kind), the grades of one answer and the
 * reviews of one piece of evidence are such streams: what one attempt stores does not grow with the calls it gets.
 */

/** How much of one stream is kept: its first `head` records and its last `tail` (tail ≥ 1: the latest is always kept). */
export interface RecordBound {
  readonly head: number;
  readonly tail: number;
}

/**
 * Where a stream's record number `ordinal` (from 0, in arrival order) goes: it is kept, being the latest, and once the
 * stream holds its head and a full tail, the oldest record of the tail (number `evict`) makes room for it.
 */
export const boundedPlacement = (bound: RecordBound, ordinal: number): { readonly evict: number | null } =>
  ordinal >= bound.head + bound.tail ? { evict: ordinal - bound.tail } : { evict: null };

/** The record numbers a stream of `total` records keeps: below `headEnd`, and from `tailStart` on. */
export const keptWindow = (bound: RecordBound, total: number): { readonly headEnd: number; readonly tailStart: number } => ({
  headEnd: bound.head,
  tailStart: Math.max(bound.head, total - bound.tail),
});

/** How many records of a stream of `total` are not kept (0 until it outgrows its head and tail). */
export const omittedCount = (bound: RecordBound, total: number): number => {
  const { headEnd, tailStart } = keptWindow(bound, total);
  return Math.max(0, Math.min(tailStart, total) - headEnd);
};

/**
 * How much of each kind an invitation's history keeps. 50 + 50 is far above what an honest invitation writes of any
 * kind (coalesced kinds write one entry per ten minutes; a delivery retried for a day writes about 20); the kinds a
 * caller can repeat at will are kept shorter: a PDF download (every key that reads reports) and a Greenhouse error
 * report (decision 636).
 */
const EACH_KIND: RecordBound = { head: 50, tail: 50 };
export const HISTORY_BOUNDS: Readonly<Record<HistoryKind, RecordBound>> = {
  created: EACH_KIND,
  delivery: EACH_KIND,
  'link-opened': EACH_KIND,
  started: EACH_KIND,
  'answers-saved': EACH_KIND,
  runs: EACH_KIND,
  submitted: EACH_KIND,
  scored: EACH_KIND,
  graded: EACH_KIND,
  'evidence-reviewed': EACH_KIND,
  reattempted: EACH_KIND,
  reset: EACH_KIND,
  cancelled: EACH_KIND,
  'report-downloaded': { head: 20, tail: 20 },
  'greenhouse-error': { head: 10, tail: 10 },
  // Repeatable at will by any key that may annotate (decision 759): a decision's first and latest changes are what matter.
  decided: { head: 10, tail: 40 },
  tagged: { head: 10, tail: 40 },
  noted: { head: 10, tail: 40 },
  rated: { head: 10, tail: 40 },
  'decision-email': { head: 10, tail: 40 },
};

/** The grades one answer keeps: the first few and the latest, which include the one that counts (decision 635). */
export const GRADE_BOUND: RecordBound = { head: 5, tail: 20 };

/** The reviews one piece of evidence keeps: the first few and the latest, which include the one that counts. */
export const EVIDENCE_REVIEW_BOUND: RecordBound = { head: 5, tail: 20 };
