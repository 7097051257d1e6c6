import { match } from 'ts-pattern';
import type { AccessWindow } from '../access-time.js';
import { ok, refuse, type Result } from '../result.js';
import type { TestStatus } from '../schemas/test.js';
import type { TestLinkStatus } from '../schemas/test-link.js';
import { admissionRefusal, admissionVerdict } from './admission.js';
import type { AccessVerdictCode } from './candidate-api-session.js';

/** A public test link as its page and its self-registration see it. */
export interface PublicLinkFacts {
  readonly testStatus: TestStatus;
  readonly linkStatus: TestLinkStatus;
  readonly window: AccessWindow;
  /** The stored flag: 1 when only invited candidates may take the test. */
  readonly inviteCandidateOnly: number;
}

/** Whether a public link is open now, as a newcomer (a Pending invitation) would find it. */
export const publicLinkVerdict = (link: PublicLinkFacts, now: number): AccessVerdictCode =>
  admissionVerdict({ invitationStatus: 'Pending', testStatus: link.testStatus, link: { status: link.linkStatus, window: link.window } }, now);

const INVITE_ONLY_MESSAGE = 'This test is by invitation only: use the link in your invitation email.';

/**
 * May someone register themselves on this link now? Not on an invite-only link (403.10), nor on an inactive or
 * closed one (its admission refusal). A link not open yet, or outside its daily window, still registers: the start
 * waits, and the candidate keeps their URL for when it opens. Every verdict is spelled out, so a new one fails the
 * build here until it is decided.
 */
export const decideSelfRegistration = (link: PublicLinkFacts, now: number): Result<AccessVerdictCode> => {
  if (link.inviteCandidateOnly === 1) return refuse('link-invited-only', INVITE_ONLY_MESSAGE);
  return (
    match(publicLinkVerdict(link, now))
      .with('closed', 'linkInactive', 'testInactive', (verdict) => admissionRefusal<AccessVerdictCode>(verdict))
      .with('open', 'notYetOpen', 'outsideDailyWindow', (verdict) => ok(verdict))
      // A newcomer's invitation is Pending: these verdicts never come, and refuse nothing the link refuses.
      .with('cancelled', 'completed', (verdict) => ok(verdict))
      .exhaustive()
  );
};
