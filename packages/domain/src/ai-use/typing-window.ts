import { z } from 'zod';
import { Id } from '../ids.js';
import { plainText } from '../schemas/text-fields.js';

/**
 * How an answer was typed, in summaries the page sends (issue 60, item 5; decision 1202): a window of typing into one
 * question — at most `windowMs` long, closed early when the candidate leaves the question or the window — told as
 * counts and sums, never the keys or the text. Three AI-use rules read them: a long answer typed at a steady rhythm
 * without corrections or cursor moves, a burst of typing right after coming back from another window, and an answer
 * replaced almost whole within a minute without a paste.
 */
export const TYPING_LIMITS = {
  /** A window of typing is sent at most this long after its first edit: the resolution of "right after returning". */
  windowMs: 20_000,
  /** A gap between two typed edits this long or longer is a pause (counted), not part of the rhythm. */
  pauseMs: 5_000,
  /** An edit whose start is further than this from where the last one left the cursor is a cursor move. */
  moveSlack: 2,
  /** The page compares the answer with its states this far back to see a rewrite. */
  rewriteSpanMs: 60_000,
  /** Windows kept per question; past it, every two neighbours become one (sums kept, resolution halved). */
  maxWindows: 120,
  /**
   * The most characters a count may claim. Not the answer's 100,000: the editor holds more than it may save (the
   * page says "shorten it by N"), and a window's sums span many edits; a window past this bound is refused.
   */
  maxChars: 10_000_000,
} as const;

const count = z.int().nonnegative().max(TYPING_LIMITS.maxChars);
const at = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO-8601 date-time` }).check(plainText(name));

/**
 * The most replaced the answer was within the last minute at the window's end (absent when no earlier state of at
 * least a line was there to replace): the earlier state's length, how much of it is still there (its common start and
 * end with the answer now), the answer's length now, how long ago that state was, and the pastes in between.
 */
export const RewriteMeasure = z.object({
  fromChars: count,
  keptChars: count,
  toChars: count,
  seconds: z
    .number()
    .nonnegative()
    .max(TYPING_LIMITS.rewriteSpanMs / 1000),
  pastes: count,
});
export type RewriteMeasure = z.infer<typeof RewriteMeasure>;

/** The figures of one window, as the page counts them and the server keeps them (sums, so two windows add up). */
const typingFigures = {
  /** Characters typed: inserted by edits of a few keys (not pastes, not large insertions). */
  typed: count,
  /** Characters a large insertion (not a paste) put in: an extension, a drop. */
  inserted: count,
  /** Characters the typed edits removed (backspace, delete, typing over a selection): corrections. */
  deleted: count,
  /** Typed edits that removed something. */
  deletions: count,
  /** Typed edits that did not start where the last one left the cursor (arrows, a click, a jump). */
  moves: count,
  /** Gaps between consecutive typed edits under `pauseMs`: how many, their sum and the sum of their squares (ms). */
  gaps: z.object({ count, sumMs: z.number().nonnegative().max(1e9), sumSquaresMs: z.number().nonnegative().max(1e13) }),
  /** Gaps of `pauseMs` or more. */
  pauses: count,
  rewrite: RewriteMeasure.optional(),
};

/** The page's `typing` event (on `POST …/events`, beside the other question events): one window of typing into a question. */
export const TypingEventInput = z.object({
  type: z.literal('typing'),
  /** When the page sent it: placed on the attempt's clock like every event's `at`. */
  at: at('at'),
  questionId: Id,
  /** The window's first and last typed edit, on the page's clock (shifted with `at`). */
  from: at('from'),
  to: at('to'),
  ...typingFigures,
});
export type TypingEventInput = z.infer<typeof TypingEventInput>;

/** One window as kept: its first and last edit (ms, the server's clock) and its figures. */
export const TypingWindow = z.object({ from: z.number(), to: z.number(), ...typingFigures });
export type TypingWindow = z.infer<typeof TypingWindow>;
/** A question's kept windows, as stored. */
export const TypingWindows = z.array(TypingWindow);

/** The figures every window has, summed: what the "transcribed" rule reads. */
export type TypingTotals = Omit<TypingWindow, 'from' | 'to' | 'rewrite'>;

const keptShare = (rewrite: RewriteMeasure): number => (rewrite.fromChars === 0 ? 1 : rewrite.keptChars / rewrite.fromChars);

/** Of two rewrite measures, the one that replaced more of what was there (a merge keeps the stronger). */
const strongerRewrite = (a: RewriteMeasure | undefined, b: RewriteMeasure | undefined): RewriteMeasure | undefined =>
  a === undefined ? b : b === undefined ? a : keptShare(b) < keptShare(a) ? b : a;

/** Two neighbouring windows as one: the first's start, the second's end, the figures added. */
export const mergeWindows = (a: TypingWindow, b: TypingWindow): TypingWindow => {
  const rewrite = strongerRewrite(a.rewrite, b.rewrite);
  return {
    from: Math.min(a.from, b.from),
    to: Math.max(a.to, b.to),
    typed: a.typed + b.typed,
    inserted: a.inserted + b.inserted,
    deleted: a.deleted + b.deleted,
    deletions: a.deletions + b.deletions,
    moves: a.moves + b.moves,
    gaps: { count: a.gaps.count + b.gaps.count, sumMs: a.gaps.sumMs + b.gaps.sumMs, sumSquaresMs: a.gaps.sumSquaresMs + b.gaps.sumSquaresMs },
    pauses: a.pauses + b.pauses,
    ...(rewrite === undefined ? {} : { rewrite }),
  };
};

/**
 * A question's windows after one more arrives, in time order. Past `maxWindows` every two neighbours become one
 * (as the code playback is thinned, decision 557): the sums stay exact, the timing coarser, the whole attempt covered.
 */
export const recordTypingWindow = (windows: readonly TypingWindow[], window: TypingWindow): TypingWindow[] => {
  const next = [...windows, window].sort((a, b) => a.from - b.from);
  if (next.length <= TYPING_LIMITS.maxWindows) return next;
  const thinned: TypingWindow[] = [];
  for (let index = 0; index < next.length; index += 2) {
    const pair = next[index + 1];
    thinned.push(pair === undefined ? next[index]! : mergeWindows(next[index]!, pair));
  }
  return thinned;
};

const ZERO: TypingTotals = { typed: 0, inserted: 0, deleted: 0, deletions: 0, moves: 0, gaps: { count: 0, sumMs: 0, sumSquaresMs: 0 }, pauses: 0 };

/** A question's figures over all its windows. */
export const typingTotals = (windows: readonly TypingWindow[]): TypingTotals => {
  const { from: _from, to: _to, rewrite: _rewrite, ...totals } = windows.reduce(mergeWindows, { from: 0, to: 0, ...ZERO });
  return totals;
};

/**
 * The window a `typing` event tells, on the attempt's clock: its first and last edit moved by as much as the event's
 * `at` was when the server placed it (`placedAt`), so the page's clock never decides where typing falls against the
 * departures; a window claiming to end before it began is taken as one instant.
 */
export const typingWindowOf = (event: TypingEventInput, placedAt: number): TypingWindow => {
  const shift = placedAt - Date.parse(event.at);
  const from = Date.parse(event.from) + shift;
  const { type: _type, at: _at, questionId: _questionId, from: _from, to: _to, ...figures } = event;
  return { from, to: Math.max(from, Date.parse(event.to) + shift), ...figures };
};
