import { spliceOf } from '../candidate/code-playback.js';
import { TYPING_LIMITS, type RewriteMeasure, type TypingWindow } from './typing-window.js';

/**
 * The page's side of the typing summaries (decision 1202), pure so that what it counts is tested here: each change of
 * an answer goes in with its instant and kind, and windows of typing come out. Nothing of the text leaves the page:
 * the states kept to measure a rewrite stay in the meter.
 */

/** How a change came about, as the page tells it: typed (a few keys), a paste, a large insertion, or set (a reset, a language switch, restored). */
export type EditKind = 'typed' | 'pasted' | 'inserted' | 'set';

export interface MeteredEdit {
  readonly at: number;
  /** The answer after the change. */
  readonly after: string;
  readonly kind: EditKind;
}

type OpenWindow = Omit<TypingWindow, 'rewrite'>;

/** One question's meter. */
export interface QuestionMeter {
  /** The answer as the last change left it. */
  readonly text: string;
  /** Where the last change left the cursor (null: not known, before the first change or after a set). */
  readonly cursor: number | null;
  readonly lastTypedAt: number | null;
  readonly window: OpenWindow | null;
  /** The answer at the start of each recent window: what a rewrite is measured against. */
  readonly checkpoints: readonly { readonly at: number; readonly text: string }[];
  /** When the recent pastes into this answer came. */
  readonly pastes: readonly number[];
}

/** A question's meter before any change, its answer `text` as the page restored it. */
export const newMeter = (text: string): QuestionMeter => ({ text, cursor: null, lastTypedAt: null, window: null, checkpoints: [], pastes: [] });

/** An earlier state shorter than this has nothing worth calling replaced. */
const MIN_REWRITE_FROM = 40;

const emptyWindow = (at: number): OpenWindow => ({
  from: at,
  to: at,
  typed: 0,
  inserted: 0,
  deleted: 0,
  deletions: 0,
  moves: 0,
  gaps: { count: 0, sumMs: 0, sumSquaresMs: 0 },
  pauses: 0,
});

/** The most replaced the answer `text` is, at `now`, against the states of the last minute. */
const rewriteAt = (meter: QuestionMeter, now: number): RewriteMeasure | undefined => {
  let strongest: RewriteMeasure | undefined;
  for (const checkpoint of meter.checkpoints) {
    if (now - checkpoint.at > TYPING_LIMITS.rewriteSpanMs || checkpoint.text.length < MIN_REWRITE_FROM) continue;
    const { deleted } = spliceOf(checkpoint.text, meter.text);
    const measure = {
      fromChars: checkpoint.text.length,
      keptChars: checkpoint.text.length - deleted.length,
      toChars: meter.text.length,
      seconds: Math.max(0, now - checkpoint.at) / 1000,
      pastes: meter.pastes.filter((at) => at >= checkpoint.at && at <= now).length,
    };
    if (strongest === undefined || measure.keptChars / measure.fromChars < strongest.keptChars / strongest.fromChars) strongest = measure;
  }
  return strongest;
};

/** Closes the open window (if any): the window as sent, its rewrite measured at its last edit. */
export const closeWindow = (meter: QuestionMeter): { readonly meter: QuestionMeter; readonly closed: TypingWindow | null } => {
  const { window } = meter;
  if (window === null) return { meter, closed: null };
  const rewrite = rewriteAt(meter, window.to);
  const recent = (at: number) => window.to - at <= TYPING_LIMITS.rewriteSpanMs;
  return {
    meter: { ...meter, window: null, checkpoints: meter.checkpoints.filter((checkpoint) => recent(checkpoint.at)), pastes: meter.pastes.filter(recent) },
    closed: { ...window, ...(rewrite === undefined ? {} : { rewrite }) },
  };
};

/** Whether the open window is due to be sent at `now`: `windowMs` since its first edit. */
export const windowDue = (meter: QuestionMeter, now: number): boolean => meter.window !== null && now - meter.window.from >= TYPING_LIMITS.windowMs;

/** The window open for an edit at `at` (a new one keeps the answer as it was then, to measure a rewrite against). */
const openAt = (meter: QuestionMeter, at: number): QuestionMeter =>
  meter.window !== null ? meter : { ...meter, window: emptyWindow(at), checkpoints: [...meter.checkpoints, { at, text: meter.text }] };

/** Typed edits: how much went in and out, whether the cursor had moved, and the gap since the last one. */
const typed = (meter: QuestionMeter, edit: MeteredEdit): QuestionMeter => {
  const opened = openAt(meter, edit.at);
  const window = opened.window!;
  const { start, deleted, inserted } = spliceOf(meter.text, edit.after);
  // The edit touches where the cursor was (typing at it, deleting up to it, typing over a selection around it), or it moved.
  const moved = meter.cursor !== null && (meter.cursor < start - TYPING_LIMITS.moveSlack || meter.cursor > start + deleted.length + TYPING_LIMITS.moveSlack);
  const gap = meter.lastTypedAt === null ? null : Math.max(0, edit.at - meter.lastTypedAt);
  const rhythm = gap !== null && gap < TYPING_LIMITS.pauseMs;
  return {
    ...opened,
    text: edit.after,
    cursor: start + inserted.length,
    lastTypedAt: edit.at,
    window: {
      ...window,
      to: Math.max(window.to, edit.at),
      typed: window.typed + inserted.length,
      deleted: window.deleted + deleted.length,
      deletions: window.deletions + (deleted.length > 0 ? 1 : 0),
      moves: window.moves + (moved ? 1 : 0),
      gaps: rhythm ? { count: window.gaps.count + 1, sumMs: window.gaps.sumMs + gap, sumSquaresMs: window.gaps.sumSquaresMs + gap * gap } : window.gaps,
      pauses: window.pauses + (gap !== null && !rhythm ? 1 : 0),
    },
  };
};

/**
 * The meter after one change of the answer, and the window it closed (a change `windowMs` after the open window's
 * start closes it first). A paste is remembered (a rewrite with a paste in it is told so), a large insertion counts
 * in the window, a set (reset, language switch) forgets the states a rewrite is measured against.
 */
export const meterEdit = (meter: QuestionMeter, edit: MeteredEdit): { readonly meter: QuestionMeter; readonly closed: TypingWindow | null } => {
  const due = windowDue(meter, edit.at) ? closeWindow(meter) : { meter, closed: null };
  const { start, deleted, inserted } = spliceOf(due.meter.text, edit.after);
  // An edit that removes a whole stretch (a selection typed over) keeps the answer as it was: the window's start may
  // be long before it, and a rewrite is timed from the moment the old answer went, not from when the window opened.
  const current =
    deleted.length >= MIN_REWRITE_FROM ? { ...due.meter, checkpoints: [...due.meter.checkpoints, { at: edit.at, text: due.meter.text }] } : due.meter;
  switch (edit.kind) {
    case 'typed':
      return { meter: typed(current, edit), closed: due.closed };
    case 'pasted':
      return { meter: { ...current, text: edit.after, cursor: start + inserted.length, pastes: [...current.pastes, edit.at] }, closed: due.closed };
    case 'inserted': {
      const opened = openAt(current, edit.at);
      const window = { ...opened.window!, to: Math.max(opened.window!.to, edit.at), inserted: opened.window!.inserted + inserted.length };
      return { meter: { ...opened, text: edit.after, cursor: start + inserted.length, window }, closed: due.closed };
    }
    case 'set':
      return { meter: { ...current, text: edit.after, cursor: null, checkpoints: [] }, closed: due.closed };
  }
};
