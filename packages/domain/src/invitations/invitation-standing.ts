import { match } from 'ts-pattern';
import { z } from 'zod';
import type { AccessWindow } from '../access-time.js';
import { InvitationStatus } from '../invitation-status.js';
import { windowClosesAt } from '../reminders/reminder-window.js';

/**
 * Where an invitation stands as the workbench lists, counts and filters it (issue 61 item 5, decision 1390): its stored
 * status, or `Expired` for one the candidate can no longer start because its own expiry or its link's end has passed.
 * A read, never stored: extending the expiry brings it back to Pending with nothing to undo.
 */
export const InvitationStanding = z.enum([...InvitationStatus.options, 'Expired']);
export type InvitationStanding = z.infer<typeof InvitationStanding>;

export interface StandingFacts {
  readonly status: InvitationStatus;
  /** The invitation's own expiry; null: none. */
  readonly expiresAt: number | null;
  /** The window of the link the candidate came through, when there is one. */
  readonly linkWindow?: AccessWindow | undefined;
}

/**
 * Only an invitation waiting for its start lapses (Pending, or Reset to be taken again), exactly those the candidate
 * page refuses once the window closes (`admissionVerdict`). A started attempt runs to its own deadline (decision 32),
 * so In progress never reads Expired; Completed and Cancelled are final as they are.
 */
export const invitationStanding = (facts: StandingFacts, now: number): InvitationStanding =>
  match(facts.status)
    .with('Pending', 'Reset', (status) => (windowHasClosed(facts, now) ? 'Expired' : status))
    .with('In progress', 'Completed', 'Cancelled', (status) => status)
    .exhaustive();

/** The window closes at its end (exclusive, like the link's): a start at that instant is already refused. */
const windowHasClosed = (facts: StandingFacts, now: number): boolean => {
  const closes = windowClosesAt({ expiresAt: facts.expiresAt, linkWindow: facts.linkWindow });
  return closes !== null && now >= closes;
};

/** The stored statuses that can read `Expired`: what the store's filter and counts look at. */
export const LAPSABLE_STATUSES = [InvitationStatus.enum.Pending, InvitationStatus.enum.Reset] as const;
