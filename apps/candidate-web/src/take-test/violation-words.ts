import type { SessionViolationRules } from '@assay/domain/candidate';

const times = (count: number): string => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/**
 * What the candidate is told after a counted departure, or null when the test asks for no warning (no popup, no limit).
 * Before the last allowed one it says plainly that one more ends the test (decision 944).
 */
export const departureWarning = (rules: SessionViolationRules | undefined, count: number): string | null => {
  if (!rules) return null;
  const limit = rules.windowViolationLimit;
  if (limit === null) return rules.violationPopup ? `Leaving the test window is counted (${count} so far). Please stay on this page until you submit.` : null;
  if (count > limit) return null;
  if (count === limit) return `Leaving the test window is counted (${count} of ${limit} allowed): one more ends your test.`;
  return `Leaving the test window is counted (${count} of ${limit} allowed). Leaving it more than ${times(limit)} ends your test.`;
};

/** The end screen of a terminated attempt: why it ended, honestly, and that the answers were kept. */
export const terminatedLead = (count: number | undefined): string =>
  count === undefined
    ? 'Your test was ended because you left the test window more often than allowed; your answers up to then were submitted.'
    : `Your test was ended because you left the test window ${times(count)}; your answers up to then were submitted.`;

/** Told once, the first time a copy, cut, paste or drop is blocked. */
export const CLIPBOARD_BLOCKED =
  'Copy and paste are turned off for this test: type your answers. Attempts to paste are recorded for the reviewer (their length, never their text).';
