import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { oneDecimal, type AiUseFinding } from './ai-use-finding.js';
import { typingTotals, type TypingTotals, type TypingWindow } from './typing-window.js';

/**
 * Rule 2, transcribed from elsewhere (decision 1202): a long answer typed at a steady rhythm with almost no
 * corrections and no cursor moves — how text is copied by hand (or by a tool that types) from another screen, and
 * not how an answer is usually worked out. Never typing speed: a fast typist and a slow one are judged by the same
 * shape. Known false positives: an answer prepared or learnt by heart and typed cleanly; dictation software.
 */

/** The gaps' standard deviation over their mean; null with too few gaps to speak of a rhythm. */
export const rhythmVariation = (totals: TypingTotals): number | null => {
  const { count, sumMs, sumSquaresMs } = totals.gaps;
  if (count < AI_USE_THRESHOLDS.transcribed.minGaps || sumMs <= 0) return null;
  const mean = sumMs / count;
  const variance = Math.max(0, sumSquaresMs / count - mean * mean);
  return Math.sqrt(variance) / mean;
};

/** The figures the rule reads, for every answer typed (what docs/ai.md's measurements tabulate). */
export const transcriptionFigures = (totals: TypingTotals) => ({
  typedChars: totals.typed,
  deletedChars: totals.deleted,
  correctionPercent: totals.typed === 0 ? 0 : oneDecimal((100 * totals.deleted) / totals.typed),
  moves: totals.moves,
  movesPer100: totals.typed === 0 ? 0 : oneDecimal((100 * totals.moves) / totals.typed),
  rhythmVariation: Math.round((rhythmVariation(totals) ?? 0) * 100) / 100,
  gaps: totals.gaps.count,
});

export const transcribedAnswer = (questionId: number, windows: readonly TypingWindow[]): AiUseFinding | null => {
  const limits = AI_USE_THRESHOLDS.transcribed;
  const totals = typingTotals(windows);
  const variation = rhythmVariation(totals);
  if (totals.typed < limits.minTypedChars || variation === null) return null;
  // Compared unrounded: the figures shown are rounded, the rule is not.
  if ((100 * totals.deleted) / totals.typed > limits.maxCorrectionPercent) return null;
  if ((100 * totals.moves) / totals.typed > limits.maxMovesPer100) return null;
  if (variation > limits.maxRhythmVariation) return null;
  const last = windows.reduce((latest, window) => Math.max(latest, window.to), 0);
  return { kind: 'transcribed', questionId, at: last, figures: transcriptionFigures(totals) };
};
