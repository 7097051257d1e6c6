/**
 * The thresholds of the four AI-use rules (issue 60, item 5), in one place. Each was chosen from measured typing —
 * honest answers, transcriptions and the known false positives typed into the real page in Chromium — with a margin
 * on both sides; docs/ai.md ("AI-use evidence") gives the measurements and decision 1206 the choice. A rule that
 * fires is evidence for a reviewer, never a verdict and never in a score.
 */
export const AI_USE_THRESHOLDS = {
  copiedQuestion: {
    /** Consecutive words of the question's prose (code left out) in a paste or in the answer. */
    minWords: 12,
  },
  transcribed: {
    /** Characters typed into the answer: shorter answers say too little about how they were typed. */
    minTypedChars: 300,
    /** Gaps between typed edits needed to speak of a rhythm. */
    minGaps: 100,
    /** Characters deleted per 100 typed, at most: recorded honest answers deleted 2.9–3.1, transcriptions 0. */
    maxCorrectionPercent: 1.5,
    /** Cursor moves per 100 characters typed, at most. */
    maxMovesPer100: 0.5,
    /**
     * The gaps' coefficient of variation (standard deviation over mean), at most: how steady the rhythm was. Recorded
     * transcriptions measured 0.51–0.59, honest and fast-clean typing 1.30–1.72 (docs/ai.md): 0.9 sits between them.
     */
    maxRhythmVariation: 0.9,
  },
  burstAfterReturn: {
    /** A departure at least this long (seconds). */
    minAwaySeconds: 10,
    /** Typing begins within this many seconds of coming back. */
    maxStartSeconds: 15,
    /** The windows of typing that begin within this many seconds of coming back make the burst. */
    spanSeconds: 60,
    /** Characters typed in the burst, at least. */
    minTypedChars: 200,
    /** And at least this many times the candidate's own typical minute elsewhere in the attempt. */
    minRatioToOwnPace: 2,
    /** Minutes with typing outside any burst needed for "their own typical minute". */
    minOwnMinutes: 3,
  },
  rewritten: {
    /** The answer replaced had at least this many characters. */
    minFromChars: 150,
    /** At most this share of it is still there (its common start and end with the new answer). */
    maxKeptShare: 0.2,
    /** The new answer is at least this share of the old one's length (not merely deleted). */
    minNewShare: 0.5,
  },
} as const;
