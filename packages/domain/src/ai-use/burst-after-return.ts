import type { Departure } from '../report/timelines.js';
import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { oneDecimal, type AiUseFinding } from './ai-use-finding.js';
import type { TypingWindow } from './typing-window.js';

/**
 * Rule 3, a burst of typing right after returning from another window (decision 1203): after a departure of some
 * length, typing begins at once and the minute after holds far more typed characters than the candidate's own
 * typical minute — measured against themselves, so that a fast typist is not a suspect for being fast. Known false
 * positives: a candidate who steps away to think (or to read the documentation the test allows) and comes back
 * knowing what to write; one whose other minutes were spent mostly reading.
 */
export interface QuestionWindows {
  readonly questionId: number;
  readonly windows: readonly TypingWindow[];
}

const MINUTE = 60_000;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Characters typed per minute of the attempt (minutes from `startedAt`, by when each window began), minutes with typing only. */
const typedPerMinute = (windows: readonly TypingWindow[], startedAt: number): number[] => {
  const minutes = new Map<number, number>();
  for (const window of windows) {
    const minute = Math.floor((window.from - startedAt) / MINUTE);
    minutes.set(minute, (minutes.get(minute) ?? 0) + window.typed);
  }
  return [...minutes.values()].filter((typed) => typed > 0);
};

export const burstsAfterReturn = (departures: readonly Departure[], questions: readonly QuestionWindows[], startedAt: number): AiUseFinding[] => {
  const limits = AI_USE_THRESHOLDS.burstAfterReturn;
  const span = limits.spanSeconds * 1000;
  const all = questions.flatMap(({ questionId, windows }) => windows.map((window) => ({ questionId, window })));
  const returns = departures.filter(
    (departure): departure is Departure & { returnedAt: number } => departure.returnedAt !== null && departure.seconds >= limits.minAwaySeconds,
  );
  const inBurst = (at: number) => returns.some(({ returnedAt }) => at >= returnedAt && at < returnedAt + span);
  const own = typedPerMinute(
    all.filter(({ window }) => !inBurst(window.from)).map(({ window }) => window),
    startedAt,
  );
  if (own.length < limits.minOwnMinutes) return [];
  const ownMinute = median(own);
  return returns.flatMap((departure) => {
    const after = all.filter(({ window }) => window.from >= departure.returnedAt && window.from < departure.returnedAt + span);
    const typed = after.reduce((sum, { window }) => sum + window.typed, 0);
    if (after.length === 0 || typed < limits.minTypedChars || typed < limits.minRatioToOwnPace * ownMinute) return [];
    const startSeconds = (Math.min(...after.map(({ window }) => window.from)) - departure.returnedAt) / 1000;
    if (startSeconds > limits.maxStartSeconds) return [];
    const byQuestion = new Map<number, number>();
    for (const { questionId, window } of after) byQuestion.set(questionId, (byQuestion.get(questionId) ?? 0) + window.typed);
    const [questionId] = [...byQuestion.entries()].sort((a, b) => b[1] - a[1])[0]!;
    return [
      {
        kind: 'burst-after-return' as const,
        questionId,
        at: departure.returnedAt,
        figures: {
          awaySeconds: departure.seconds,
          startSeconds: oneDecimal(startSeconds),
          typedChars: typed,
          ownMinuteChars: Math.round(ownMinute),
          ratio: oneDecimal(ownMinute === 0 ? 0 : typed / ownMinute),
        },
      },
    ];
  });
};
