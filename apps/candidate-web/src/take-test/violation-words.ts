import type { CandidateSession, SessionViolationRules } from '@assay/domain/candidate';
import { times } from '../lib/format.js';

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

/**
 * What the candidate is told after a counted image violation (decision 975): a camera that showed nothing or was turned
 * off. Warned whenever the test has an image limit (its last allowed one says one more ends the test), and without a
 * limit only when the test asks for violation popups.
 */
export const cameraWarning = (rules: SessionViolationRules | undefined, count: number): string | null => {
  if (!rules) return null;
  const limit = rules.imageViolationLimit;
  if (limit === null)
    return rules.violationPopup
      ? `Your camera showed nothing or was turned off: this is counted (${count} so far). Keep your face in view until you submit.`
      : null;
  if (count > limit) return null;
  if (count === limit) return `Your camera showed nothing or was turned off: this is counted (${count} of ${limit} allowed). One more ends your test.`;
  return `Your camera showed nothing or was turned off: this is counted (${count} of ${limit} allowed). More than ${times(limit)} ends your test.`;
};

/** Why a terminated attempt ended, as the candidate did it: the limit that ended it (decision 974; absent: window). */
const endedBecause = (session: Pick<CandidateSession, 'terminatedBy' | 'windowViolations' | 'imageViolations'>): string => {
  if (session.terminatedBy === 'image') {
    const count = session.imageViolations;
    return `the camera showed nothing or was turned off ${count === undefined ? 'more often than allowed' : times(count)}`;
  }
  const count = session.windowViolations;
  return `you left the test window ${count === undefined ? 'more often than allowed' : times(count)}`;
};

/** The end screen of a terminated attempt: why it ended, honestly, and that the answers were kept. */
export const terminatedLead = (session: Pick<CandidateSession, 'terminatedBy' | 'windowViolations' | 'imageViolations'>): string =>
  `Your test was ended because ${endedBecause(session)}; your answers up to then were submitted.`;

/** The same when the last changes to some answers did not reach the server. */
export const terminatedPartial = (session: Pick<CandidateSession, 'terminatedBy' | 'windowViolations' | 'imageViolations'>): string =>
  `Your test was ended because ${endedBecause(session)}, and your last changes to some answers could not be saved:`;

/** Told once, the first time a copy, cut, paste or drop is blocked. */
export const CLIPBOARD_BLOCKED =
  'Copy and paste are turned off for this test: type your answers. Attempts to paste are recorded for the reviewer (their length, never their text).';
