import type { Invitation } from '../records/invitation.js';
import type { Refusal } from '../result.js';

/**
 * Whose run it is, for the sandbox's fair shares (worker time is shared among orgs, then links, then client
 * addresses, then attempts; one run of an attempt in flight at a time). Structurally the sandbox's `RunOwner`.
 */
export interface SandboxShare {
  readonly candidate: string;
  readonly link?: string;
  readonly address?: string;
  readonly org?: string;
}

/** What places an attempt in the shares: its org, and the link it came by (else its test). */
export type AttemptPlace = Pick<Invitation, 'id' | 'orgId' | 'testId' | 'testLinkId'>;

/** Invitations sent straight to a test share as if they had come by one link: the test's. */
const linkOf = (attempt: AttemptPlace): string => (attempt.testLinkId === null ? `test:${attempt.testId}` : `link:${attempt.testLinkId}`);

/** A candidate's sample run, from `address`: shares by org, link, client address, attempt. */
export const sampleRunShare = (attempt: AttemptPlace, address: string): SandboxShare => ({
  candidate: `attempt:${attempt.id}`,
  link: linkOf(attempt),
  address,
  org: `org:${attempt.orgId}`,
});

/**
 * The scoring of a completed attempt: by org, link and attempt. The client address is not stored with an
 * attempt, so all of a link's attempts share its one address flow; registrations per address are rate-limited,
 * and each answer's scoring has a budget (ScoringBudget).
 */
export const scoringShare = (attempt: AttemptPlace): SandboxShare => ({
  candidate: `attempt:${attempt.id}`,
  link: linkOf(attempt),
  org: `org:${attempt.orgId}`,
});

/**
 * How much sandbox time one answer may take when its attempt is scored: its hidden tests stop after this many
 * exceeded the time limit (the rest are failed, "not run"), so an answer that loops costs about one case's limit
 * instead of every case's (ASSAY_SCORING_STOP_AFTER_TIMEOUTS).
 */
export interface ScoringBudget {
  readonly stopAfterTimeouts: number;
}

export const DEFAULT_SCORING_BUDGET: ScoringBudget = { stopAfterTimeouts: 1 };

/**
 * Sample runs past the documented queue bound (too many waiting, or a wait expected beyond the limit): 503.2,
 * with when to try again from the real queue.
 */
/** How long a candidate is asked to wait after the sandbox could not run their code (a busy compiler, one not started). */
const NOT_RUN_RETRY_MS = 5_000;

/**
 * A sample run the sandbox could not run (`RunOutcome.fault`, decision 1043), on the answer-at-once route: not the
 * code's verdict and not one of the candidate's runs, so a refusal to try again rather than failed samples.
 */
export const sampleRunNotRun = (fault: string): Refusal => ({
  kind: 'server-busy',
  message: `Your code was not judged: the server could not run it. ${fault} Try again in ${NOT_RUN_RETRY_MS / 1000} s; this run was not counted.`,
  retryAfterSeconds: NOT_RUN_RETRY_MS / 1000,
});

export const sampleRunsBusy = (retryAfterMs: number): Refusal => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return { kind: 'server-busy', message: `Sample runs are busy right now: try again in ${seconds} s.`, retryAfterSeconds: seconds };
};
