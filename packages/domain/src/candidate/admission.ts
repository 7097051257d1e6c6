import { match } from 'ts-pattern';
import { checkAccess, type AccessWindow } from '../access-time.js';
import type { InvitationStatus } from '../invitation-status.js';
import { invitationExpired } from '../reminders/reminder-window.js';
import { refuse, type Result } from '../result.js';
import type { TestStatus } from '../schemas/test.js';
import type { TestLinkStatus } from '../schemas/test-link.js';
import type { RefusalKind } from '../refusals/refusal-kind.js';
import { ALREADY_COMPLETED, INVITATION_CANCELLED } from './attempt-refusals.js';
import type { AccessVerdictCode } from './candidate-api-session.js';

export interface AdmissionFacts {
  readonly invitationStatus: InvitationStatus;
  readonly testStatus: TestStatus;
  /** The link the candidate came through; invitations made without a link have no window. */
  readonly link?: { readonly status: TestLinkStatus; readonly window: AccessWindow };
  /** The invitation's own expiry (issue 33 item 3), if it has one: a start at or after it is refused like a closed link. */
  readonly expiresAt?: number | null;
  /** The invitation's own opening (a v3 `startDateTime`, decision 1024), if it has one: a start before it waits like a link not open yet. */
  readonly opensAt?: number | null;
}

/**
 * May the candidate start now? Access rules gate the start only: an attempt once started runs to its
 * own deadline (decision 32, "Access rules gate the start").
 */
export const admissionVerdict = (facts: AdmissionFacts, now: number): AccessVerdictCode =>
  match(facts.invitationStatus)
    .with('Cancelled', () => 'cancelled' as const)
    .with('Completed', () => 'completed' as const)
    .with('In progress', () => 'open' as const)
    .with('Pending', 'Reset', () => {
      if (facts.testStatus === 'Inactive') return 'testInactive' as const;
      // Decision 517: an expired invitation is refused as the spec's closed period is (403.7).
      if (invitationExpired(facts.expiresAt ?? null, now)) return 'closed' as const;
      if (facts.opensAt != null && now < facts.opensAt) return 'notYetOpen' as const;
      if (!facts.link) return 'open' as const;
      if (facts.link.status === 3) return 'linkInactive' as const;
      return checkAccess(facts.link.window, now);
    })
    .exhaustive();

const refusals: Record<Exclude<AccessVerdictCode, 'open'>, { kind: RefusalKind; message: string }> = {
  notYetOpen: { kind: 'test-not-open-yet', message: 'This test is not open yet.' },
  closed: { kind: 'access-period-ended', message: 'The period for taking this test has ended.' },
  outsideDailyWindow: { kind: 'outside-daily-window', message: 'This test can be taken only during its daily time window.' },
  linkInactive: { kind: 'link-inactive', message: 'This test link is no longer active.' },
  testInactive: { kind: 'test-inactive', message: 'This test is not available at the moment.' },
  cancelled: INVITATION_CANCELLED,
  completed: ALREADY_COMPLETED,
};

/** The candidate-facing sentence for a verdict; null when they may go ahead. */
export const admissionMessage = (verdict: AccessVerdictCode): string | null => (verdict === 'open' ? null : refusals[verdict].message);

/** The refusal for a verdict that is not 'open'. */
export const admissionRefusal = <T = never>(verdict: Exclude<AccessVerdictCode, 'open'>): Result<T> =>
  refuse(refusals[verdict].kind, refusals[verdict].message);
