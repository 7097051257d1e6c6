import { z } from 'zod';
import { Id } from '../ids.js';
import { plainText } from '../schemas/text-fields.js';
import { spliceOf } from './code-playback.js';
import { recordTypingWindow, TypingEventInput, type TypingWindow } from '../ai-use/typing-window.js';

/**
 * What the page tells about each question while the attempt runs (issue 34, items 3 and 4): which question is in
 * front of the candidate, pastes and large insertions by their size, and the first keystroke. The server keeps one
 * row per attempt and question (`QuestionSignals`), so what an attempt stores is bounded by its questions whatever a
 * page sends; the instants are the page's only where the attempt's clock finds them plausible (`eventInstant`).
 */

/** Signals are evidence for a reviewer, never a score: these bounds only keep what one attempt stores small. */
export const QUESTION_SIGNAL_LIMITS = {
  /** Paste and insertion events listed per question (their count and total size keep counting past it). */
  eventsPerQuestion: 20,
  /** A single change adding at least this many characters without a paste is a "large insertion" (decision 553). */
  largeInsertionChars: 80,
  /** The most characters or lines one event may claim: an answer is at most 100,000 characters. */
  maxChars: 100_000,
} as const;

const at = z.iso.datetime({ offset: true, error: 'at must be an ISO-8601 date-time' }).check(plainText('at'));
const size = {
  chars: z.int().min(1).max(QUESTION_SIGNAL_LIMITS.maxChars),
  lines: z.int().min(1).max(QUESTION_SIGNAL_LIMITS.maxChars),
};

/** The longest run of consecutive words of the question's prose a paste repeats (decision 1201); the page counts it, never sends the text. */
const questionWords = z.int().nonnegative().max(QUESTION_SIGNAL_LIMITS.maxChars).optional();

/**
 * The page's question events, beside departures and section views on `POST …/events`: `question` (this question is
 * now the one in front of the candidate: it took the focus, or its section opened with it first), `paste` and
 * `insertion` (a single change adding `chars` characters over `lines` lines — the size only, never the text; a paste
 * with how many consecutive words of the question's prose it repeats), `keystroke` (the candidate typed into the
 * answer; the first one of each question is kept) and `typing` (a window of typing, in counts: typing-window.ts).
 */
export const QuestionEventInputs = [
  z.object({ type: z.literal('question'), at, questionId: Id }),
  z.object({ type: z.literal('paste'), at, questionId: Id, ...size, questionWords }),
  z.object({ type: z.literal('insertion'), at, questionId: Id, ...size }),
  z.object({ type: z.literal('keystroke'), at, questionId: Id }),
  TypingEventInput,
] as const;
export type QuestionEventInput = z.infer<(typeof QuestionEventInputs)[number]>;
const QUESTION_EVENT_TYPES: ReadonlySet<string> = new Set(['question', 'paste', 'insertion', 'keystroke', 'typing']);

/** Whether one of the page's events is a question event (the others are departures and section views). */
export const isQuestionEvent = <Event extends { readonly type: string }>(event: Event): event is Extract<Event, QuestionEventInput> =>
  QUESTION_EVENT_TYPES.has(event.type);

/** One paste or large insertion as kept: when (ms), and its size. */
export const InsertionEvent = z.object({
  kind: z.enum(['paste', 'insertion']),
  at: z.number(),
  chars: z.int().positive(),
  lines: z.int().positive(),
  questionWords: z.int().nonnegative().optional(),
});
export type InsertionEvent = z.infer<typeof InsertionEvent>;
/** A question's kept events, as stored. */
export const InsertionEvents = z.array(InsertionEvent);

/** What an attempt keeps of one question (one row per attempt and question). */
export interface QuestionSignals {
  readonly questionId: number;
  /** Milliseconds the question was in front of the candidate, closed intervals only. */
  readonly timeMs: number;
  /** Since when it is in front of the candidate (null: it is not): at most one question of an attempt has it. */
  readonly inViewSince: number | null;
  readonly firstViewedAt: number | null;
  readonly firstKeystrokeAt: number | null;
  readonly pastes: number;
  readonly pastedChars: number;
  readonly insertions: number;
  /** The first `eventsPerQuestion` pastes and insertions, in arrival order. */
  readonly events: readonly InsertionEvent[];
  /** Windows of typing into the answer (decision 1202), in time order, bounded by TYPING_LIMITS; absent before any. */
  readonly typing?: readonly TypingWindow[];
}

export const noSignals = (questionId: number): QuestionSignals => ({
  questionId,
  timeMs: 0,
  inViewSince: null,
  firstViewedAt: null,
  firstKeystrokeAt: null,
  pastes: 0,
  pastedChars: 0,
  insertions: 0,
  events: [],
});

/**
 * A question comes in front of the candidate at `at` (already placed on the attempt's clock): the one in front until
 * now is credited the time since it came, and `questionId` is in front from then. An event older than the current
 * view (delivered out of order) credits nothing and starts the new view at the current one's start, so intervals
 * never overlap and the times of an attempt add up to at most its duration.
 */
export const viewQuestion = (
  current: QuestionSignals | null,
  next: QuestionSignals,
  at: number,
): { readonly closed: QuestionSignals | null; readonly opened: QuestionSignals } => {
  const since = current?.inViewSince ?? null;
  const from = since === null ? at : Math.max(at, since);
  if (current !== null && current.questionId === next.questionId) return { closed: null, opened: current };
  const closed = current === null || since === null ? null : { ...current, timeMs: current.timeMs + (from - since), inViewSince: null };
  return { closed, opened: { ...next, inViewSince: from, firstViewedAt: next.firstViewedAt ?? from } };
};

/** A paste or a large insertion: counted always, listed while the question holds fewer than the limit. */
export const recordInsertion = (signals: QuestionSignals, event: InsertionEvent): QuestionSignals => ({
  ...signals,
  pastes: signals.pastes + (event.kind === 'paste' ? 1 : 0),
  pastedChars: signals.pastedChars + (event.kind === 'paste' ? event.chars : 0),
  insertions: signals.insertions + (event.kind === 'insertion' ? 1 : 0),
  events: signals.events.length < QUESTION_SIGNAL_LIMITS.eventsPerQuestion ? [...signals.events, event] : signals.events,
});

/** A window of typing into the answer, kept with the question's others (merged in pairs past the limit). */
export const recordTyping = (signals: QuestionSignals, window: TypingWindow): QuestionSignals => ({
  ...signals,
  typing: recordTypingWindow(signals.typing ?? [], window),
});

/** The first keystroke is kept; later ones change nothing. */
export const recordKeystroke = (signals: QuestionSignals, at: number): QuestionSignals =>
  signals.firstKeystrokeAt === null || at < signals.firstKeystrokeAt ? { ...signals, firstKeystrokeAt: at } : signals;

/** Seconds a question was in front of the candidate by `endedAt` (the view still open then runs until it). */
export const secondsInView = (signals: QuestionSignals, endedAt: number): number =>
  Math.round((signals.timeMs + (signals.inViewSince === null ? 0 : Math.max(0, endedAt - signals.inViewSince))) / 1000);

/** The size of a text: its characters (UTF-16 code units, as the answer's limit counts) and lines. */
export const textSize = (text: string): { readonly chars: number; readonly lines: number } => ({ chars: text.length, lines: text.split('\n').length });

/**
 * Whether one change of an answer from `before` to `after` is a large insertion: its inserted text (what the change
 * put where it took something out, found as the one splice between the two) is at least `largeInsertionChars` long.
 * The page asks this of changes that were not pastes (a paste is told as one) and reports only the size.
 */
export const largeInsertionOf = (before: string, after: string): { readonly chars: number; readonly lines: number } | null => {
  const { inserted } = spliceOf(before, after);
  return inserted.length >= QUESTION_SIGNAL_LIMITS.largeInsertionChars ? textSize(inserted) : null;
};
