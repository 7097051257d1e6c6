import { z } from 'zod';
import { SessionViolationRules } from './violation-rules.js';
import { violationRulesOf, type TestSettings } from '../test-settings/test-settings.js';

/**
 * The rules an attempt runs under, fixed when it starts (issue 59 item 8, decision 1140): the test's violation limits,
 * copy-paste and the warning popup as its settings had them, and whether its link required the camera. Stored with
 * the attempt (`invitations.attempt_rules`, migration 052); every later check — a departure's termination, a
 * snapshot's admission, the session the page reads — reads these, so a setting changed mid-test never changes what
 * the candidate was told at the start.
 */
export const AttemptRules = SessionViolationRules.extend({
  cameraRequired: z.boolean().meta({ description: 'The link took camera snapshots (imageProctoring) when the attempt started.' }),
}).meta({ id: 'AttemptRules' });
export type AttemptRules = z.infer<typeof AttemptRules>;

/** What a test that never had settings enforces (decision 884): no limits, copy-paste allowed, no popup. */
const NO_SETTINGS = { windowViolationLimit: null, imageViolationLimit: null, copyPasteAllowed: true, violationPopup: false } as const;

/** The rules of an attempt starting now: its test's settings as they stand (none stored: the defaults) and its link's camera. */
export const attemptRulesOf = (settings: TestSettings | null | undefined, cameraRequired: boolean): AttemptRules => ({
  ...(settings ? violationRulesOf(settings) : NO_SETTINGS),
  cameraRequired,
});

/**
 * The rules in force for an attempt: its own once started; before the start (the landing page) and for attempts
 * started before migration 052, which stored none, the test's and link's as they are now.
 */
export const rulesInForce = (stored: AttemptRules | null | undefined, current: () => AttemptRules): AttemptRules => stored ?? current();
