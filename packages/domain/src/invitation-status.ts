import { match } from 'ts-pattern';
import { z } from 'zod';
import { ok, refuse, type Result } from './result.js';

/** Spec 3.3 states, plus `Cancelled`, where a cancel leaves a Pending or Reset invitation. */
export const InvitationStatus = z.enum(['Pending', 'In progress', 'Completed', 'Reset', 'Cancelled']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export type InvitationEvent =
  | { type: 'cancel' }
  | { type: 'reattempt' }
  | { type: 'start' }
  | { type: 'submit' }
  | { type: 'expire' }
  | { type: 'reset' };

/** What the shell must do besides storing `next`. */
export type InvitationEffect = 'none' | 'createReattempt' | 'clearAttempt';

export interface InvitationMove {
  readonly next: InvitationStatus;
  readonly effect: InvitationEffect;
}

const stay = (next: InvitationStatus): Result<InvitationMove> => ok({ next, effect: 'none' });
const moveTo = (next: InvitationStatus, effect: InvitationEffect = 'none'): Result<InvitationMove> => ok({ next, effect });
const cannot = (message: string): Result<InvitationMove> => refuse('403.4', message);

const CANCEL_REFUSED = 'The invitation cannot be cancelled: the test is in progress or completed.';
const REATTEMPT_REFUSED = 'Reattempt is allowed only on a completed invitation.';

/**
 * The invitation state machine. Every (state, event) pair is spelled out: adding a state or an event
 * fails the build until each pair is decided (docs/decisions.md, "Invitation moves").
 */
export const moveInvitation = (state: InvitationStatus, event: InvitationEvent): Result<InvitationMove> =>
  match<[InvitationStatus, InvitationEvent['type']], Result<InvitationMove>>([state, event.type])
    .with(['Pending', 'cancel'], ['Reset', 'cancel'], () => moveTo('Cancelled'))
    .with(['In progress', 'cancel'], ['Completed', 'cancel'], () => cannot(CANCEL_REFUSED))
    // Cancelling twice answers the same as the first time: GETs get retried.
    .with(['Cancelled', 'cancel'], () => stay('Cancelled'))

    .with(['Completed', 'reattempt'], () => moveTo('Completed', 'createReattempt'))
    .with(['Pending', 'reattempt'], ['In progress', 'reattempt'], ['Reset', 'reattempt'], ['Cancelled', 'reattempt'], () =>
      cannot(REATTEMPT_REFUSED),
    )

    .with(['Pending', 'start'], ['Reset', 'start'], () => moveTo('In progress'))
    .with(['In progress', 'start'], () => stay('In progress'))
    .with(['Completed', 'start'], () => cannot('The test is already completed.'))
    .with(['Cancelled', 'start'], () => cannot('The invitation has been cancelled.'))

    .with(['In progress', 'submit'], () => moveTo('Completed'))
    .with(['Completed', 'submit'], () => stay('Completed'))
    .with(['Pending', 'submit'], ['Reset', 'submit'], () => cannot('The test has not been started.'))
    .with(['Cancelled', 'submit'], () => cannot('The invitation has been cancelled.'))

    .with(['In progress', 'expire'], () => moveTo('Completed'))
    .with(['Pending', 'expire'], ['Completed', 'expire'], ['Reset', 'expire'], ['Cancelled', 'expire'], ([current]) =>
      stay(current),
    )

    .with(['In progress', 'reset'], ['Completed', 'reset'], () => moveTo('Reset', 'clearAttempt'))
    .with(['Reset', 'reset'], () => stay('Reset'))
    .with(['Pending', 'reset'], () => cannot('The test has not been started: there is nothing to reset.'))
    .with(['Cancelled', 'reset'], () => cannot('The invitation has been cancelled.'))
    .exhaustive();

export const invitationStatuses = InvitationStatus.options;
export const invitationEventTypes: InvitationEvent['type'][] = ['cancel', 'reattempt', 'start', 'submit', 'expire', 'reset'];
