import { attemptRulesOf, rulesInForce, type AttemptRules, type SessionViolationRules, type TestSettings } from '@assay/domain';
import type { AttemptContext } from '@assay/store';

/** The link of the attempt takes camera snapshots now (before the start; attempts that stored no rules). */
const linkCamera = (context: AttemptContext): boolean => context.link?.imageProctoring === 1;

/**
 * The rules an attempt runs under (decision 1140): its own, fixed at its start; before it, and for an attempt started
 * before they were stored, its test's settings (`settings`, as read now) and its link's camera.
 */
export const rulesOfAttempt = (context: AttemptContext, settings: TestSettings | null | undefined): AttemptRules =>
  rulesInForce(context.invitation.rules, () => attemptRulesOf(settings, linkCamera(context)));

/** Whether the attempt takes camera snapshots: fixed at its start like its other rules. */
export const cameraRequiredOf = (context: AttemptContext): boolean => context.invitation.rules?.cameraRequired ?? linkCamera(context);

/** The session's `violationRules`: the attempt's rules without the camera, which the session says as `imageProctoring`. */
export const sessionViolationRulesOf = ({
  windowViolationLimit,
  imageViolationLimit,
  copyPasteAllowed,
  violationPopup,
}: AttemptRules): SessionViolationRules => ({
  windowViolationLimit,
  imageViolationLimit,
  copyPasteAllowed,
  violationPopup,
});
