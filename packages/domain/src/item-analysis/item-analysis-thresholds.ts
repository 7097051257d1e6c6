/**
 * Where item analysis raises a flag (docs/item-analysis.md "Flags", decision 1460). The bounds are classical test
 * theory's usual ones, as Moodle's quiz statistics report reads its figures and Ebel & Frisbie grade a discrimination
 * index; they are constants rather than settings until an org asks to move them.
 */
export const ITEM_ANALYSIS_THRESHOLDS = {
  /**
   * Below this many scored attempts asked the question, no other flag is raised: with fewer, one candidate moves a
   * correlation by more than the bands below are wide (decision 1460).
   */
  minAttempts: 20,
  /** A facility above this: nearly everyone gets the question right (Moodle: 90 %+ "very easy"). */
  tooEasyAbove: 0.9,
  /** A facility below this: nearly everyone gets it wrong (Moodle: 11–20 % "very difficult", below it extreme). */
  tooHardBelow: 0.2,
  /** A correlation with the rest of the test below this (and not negative): the question barely separates (Ebel: "poor"). */
  weakDiscriminationBelow: 0.2,
  /** Kelley's groups: the top and bottom 27 % of the attempts by their whole-test score. */
  groupShare: 0.27,
} as const;
