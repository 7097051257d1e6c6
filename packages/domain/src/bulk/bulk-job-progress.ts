import { z } from 'zod';

/** What became of one row: a new invitation, the candidate's existing one (nobody is invited twice), or refused. */
export const BulkRowOutcome = z.enum(['invited', 'alreadyInvited', 'refused']);
export type BulkRowOutcome = z.infer<typeof BulkRowOutcome>;

/** A job waits for a worker (queued), registers its rows (running), or has given every row its outcome (finished). */
export const BulkJobState = z.enum(['queued', 'running', 'finished']);
export type BulkJobState = z.infer<typeof BulkJobState>;

export interface BulkJobCounts {
  total: number;
  invited: number;
  alreadyInvited: number;
  refused: number;
  /** Whether a worker has taken the job up. */
  started: boolean;
}

export interface BulkJobProgress {
  state: BulkJobState;
  pending: number;
  /** Whole percent of the rows that have their outcome. */
  percent: number;
}

/** Where a job stands, from its row counts: finished once no row waits, whatever a worker's flags say. */
export const bulkJobProgress = ({ total, invited, alreadyInvited, refused, started }: BulkJobCounts): BulkJobProgress => {
  const done = invited + alreadyInvited + refused;
  const pending = Math.max(0, total - done);
  const state: BulkJobState = pending === 0 ? 'finished' : started ? 'running' : 'queued';
  return { state, pending, percent: total === 0 ? 100 : Math.floor((done * 100) / total) };
};

/** Invitation emails a bulk job queues per minute at most (decision 485): a mail server and its reputation are spared. */
export const INVITATION_EMAILS_PER_MINUTE = 600;

/**
 * When the `index`-th invitation email of a job (0-based, over all its chunks) is due: the first `perMinute` at
 * once, the next `perMinute` a minute later, and so on — so the outbox sends them at a bounded rate, and a retry
 * of one email does not hold back the others.
 */
export const invitationEmailRunAt = (index: number, startAt: number, perMinute = INVITATION_EMAILS_PER_MINUTE): number =>
  startAt + Math.floor(index / perMinute) * 60_000;
