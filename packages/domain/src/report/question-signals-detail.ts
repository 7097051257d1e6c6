import { z } from 'zod';
import type { PlaybackFrame } from '../candidate/code-playback.js';
import type { AttemptVariant } from '../candidate/question-variant.js';
import { QUESTION_SIGNAL_LIMITS, secondsInView, type QuestionSignals } from '../candidate/question-signals.js';
import { evidenceIdText } from '../history/evidence-review.js';
import { type EvidenceReviews, reviewedEvidenceFields, reviewOf } from './integrity-evidence-detail.js';

const Instant = z.string().meta({ description: 'ISO 8601, UTC' });

/**
 * What the page reported of one question (issue 34, item 3), for a reviewer to read beside the answer: evidence with
 * its context, never a verdict, and it changes no score. Sizes only: the report never holds pasted text beyond the
 * answer itself.
 */
export const QuestionSignalsDetail = z
  .object({
    /** When the question first came in front of the candidate; null if the page never said. */
    firstViewedAt: Instant.nullable(),
    /** Seconds from then to the first keystroke in its answer; null without one (or without a view before it). */
    secondsToFirstKeystroke: z.int().nonnegative().nullable(),
    pastes: z.int().nonnegative(),
    /** Characters pasted, all pastes together. */
    pastedChars: z.int().nonnegative(),
    /** Single changes adding at least `largeInsertionChars` characters without a paste (dropped text, an extension typing). */
    largeInsertions: z.int().nonnegative(),
    largeInsertionChars: z.int().positive(),
    /**
     * The first pastes and large insertions, by size (their count above counts every one); each reviewable like a
     * departure (`paste-<epoch ms>`, `insertion-<epoch ms>`).
     */
    events: z.array(
      z.object({ kind: z.enum(['paste', 'insertion']), at: Instant, chars: z.int().positive(), lines: z.int().positive(), ...reviewedEvidenceFields }),
    ),
  })
  .meta({ id: 'QuestionSignalsDetail' });
export type QuestionSignalsDetail = z.infer<typeof QuestionSignalsDetail>;

/** A coding answer's history (issue 34, item 2): the timed changes that replay it from an empty editor to the code saved last. */
export const CodePlaybackDetail = z
  .object({
    frames: z.array(
      z.object({
        at: Instant,
        /** Where the change begins in the code before it (UTF-16 code units, as JavaScript counts). */
        start: z.int().nonnegative(),
        deleted: z.string(),
        inserted: z.string(),
      }),
    ),
  })
  .meta({ id: 'CodePlaybackDetail' });
export type CodePlaybackDetail = z.infer<typeof CodePlaybackDetail>;

const iso = (at: number): string => new Date(at).toISOString();

/** The evidence ids of the pastes and large insertions a question's signals list (what a reviewer can review). */
export const signalEventIds = (signals: QuestionSignals): string[] => signals.events.map((event) => evidenceIdText({ type: event.kind, at: event.at }));

export const questionSignalsDetail = (signals: QuestionSignals, reviews?: EvidenceReviews): QuestionSignalsDetail => ({
  firstViewedAt: signals.firstViewedAt === null ? null : iso(signals.firstViewedAt),
  secondsToFirstKeystroke:
    signals.firstViewedAt === null || signals.firstKeystrokeAt === null
      ? null
      : Math.max(0, Math.round((signals.firstKeystrokeAt - signals.firstViewedAt) / 1000)),
  pastes: signals.pastes,
  pastedChars: signals.pastedChars,
  largeInsertions: signals.insertions,
  largeInsertionChars: QUESTION_SIGNAL_LIMITS.largeInsertionChars,
  events: signals.events.map((event) => {
    const eventId = evidenceIdText({ type: event.kind, at: event.at });
    return { ...event, at: iso(event.at), eventId, review: reviewOf(reviews, eventId) };
  }),
});

export const codePlaybackDetail = (frames: readonly PlaybackFrame[]): CodePlaybackDetail => ({
  frames: frames.map((frame) => ({ ...frame, at: iso(frame.at) })),
});

/**
 * Seconds per question from the question views the page reported, when it reported any: then a question it never
 * showed was on screen 0 s. An attempt without any (taken before question views, or by a page that sends none) has
 * none: the report falls back to its section's time for a question alone in its section.
 */
export const questionTimesOf = (signals: ReadonlyMap<number, QuestionSignals> | undefined, endedAt: number): ((questionId: number) => number) | null => {
  if (signals === undefined || ![...signals.values()].some((entry) => entry.firstViewedAt !== null)) return null;
  return (questionId) => {
    const entry = signals.get(questionId);
    return entry === undefined ? 0 : secondsInView(entry, endedAt);
  };
};

/**
 * An attempt's seconds per question, in the order of `questionIds`, for the workbook's Time per question sheet: null
 * for an attempt never started; null cells when its page reported no question views (not recorded, not 0). The last
 * view runs until the attempt ended, never past its deadline. Given the attempt's `variant` (a test with pools), a
 * question outside its draw was not asked: a null cell, as its Questions cell has no marks, not 0 s (decision 620).
 */
export const attemptQuestionSeconds = (
  attempt: {
    readonly startedAt: number | null;
    readonly completedAt: number | null;
    readonly deadline: number | null;
    readonly signals: ReadonlyMap<number, QuestionSignals>;
  },
  questionIds: readonly number[],
  variant?: AttemptVariant,
): (number | null)[] | null => {
  if (attempt.startedAt === null) return null;
  const endedAt = Math.min(attempt.completedAt ?? attempt.deadline ?? attempt.startedAt, attempt.deadline ?? Number.POSITIVE_INFINITY);
  const timeOf = questionTimesOf(attempt.signals, endedAt);
  const asked = variant && new Set(variant.map((question) => question.questionId));
  return questionIds.map((questionId) => (timeOf && (!asked || asked.has(questionId)) ? timeOf(questionId) : null));
};
