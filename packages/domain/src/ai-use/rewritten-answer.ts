import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { oneDecimal, type AiUseFinding } from './ai-use-finding.js';
import type { RewriteMeasure, TypingWindow } from './typing-window.js';

/**
 * Rule 4, an answer replaced almost whole within a minute without a paste (decision 1204): a long answer, and a
 * minute later another of comparable length that keeps almost none of it, with no paste in between — a new answer
 * arrived by typing or by a large insertion. A reset or a language switch is not counted (the page forgets the
 * earlier states then). Known false positives: a candidate who throws their attempt away and quickly retypes one
 * they have worked out; undo or redo restoring an earlier version at once.
 */
const keptShare = (measure: RewriteMeasure): number => measure.keptChars / measure.fromChars;

const fires = (measure: RewriteMeasure | undefined): measure is RewriteMeasure => {
  const limits = AI_USE_THRESHOLDS.rewritten;
  return (
    measure !== undefined &&
    measure.pastes === 0 &&
    measure.fromChars >= limits.minFromChars &&
    keptShare(measure) <= limits.maxKeptShare &&
    measure.toChars >= limits.minNewShare * measure.fromChars
  );
};

/** The strongest rewrite of a question's answer that fires, one finding per question. */
export const rewrittenAnswer = (questionId: number, windows: readonly TypingWindow[]): AiUseFinding | null => {
  let strongest: { at: number; measure: RewriteMeasure } | null = null;
  for (const window of windows) {
    if (!fires(window.rewrite)) continue;
    if (strongest === null || keptShare(window.rewrite) < keptShare(strongest.measure)) strongest = { at: window.to, measure: window.rewrite };
  }
  if (strongest === null) return null;
  const { measure } = strongest;
  return {
    kind: 'rewritten',
    questionId,
    at: strongest.at,
    figures: {
      fromChars: measure.fromChars,
      keptPercent: oneDecimal(100 * keptShare(measure)),
      toChars: measure.toChars,
      seconds: Math.round(measure.seconds),
    },
  };
};
