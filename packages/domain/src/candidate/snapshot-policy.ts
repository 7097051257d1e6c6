import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';
import { requireTimeLeft } from './attempt-gate.js';

/**
 * How often a candidate may send a camera snapshot: at most `burst` within any `burst × intervalMs`, so about one
 * per interval on average with room for a few at once (the page sends one at start, then one a minute).
 */
export const SNAPSHOT_RATE = { intervalMs: 50_000, burst: 3 } as const;

/** The sliding window the rate is counted over. */
export const SNAPSHOT_WINDOW_MS = SNAPSHOT_RATE.intervalMs * SNAPSHOT_RATE.burst;

/** Snapshots taken after this instant count against the rate at `now`. */
export const snapshotWindowStart = (now: number): number => now - SNAPSHOT_WINDOW_MS;

/** The facts a snapshot upload is decided on. */
export interface SnapshotFacts {
  /** The invitation's link has imageProctoring 1 (invitations without a link never do). */
  imageProctoring: boolean;
  status: InvitationStatus;
  /** The attempt's deadline: snapshots stop there, like sample runs (the answer grace is for answers only). */
  deadline: number | null;
  /** When the invitation's earlier snapshots were taken (epoch ms); at least those inside the window. */
  recentTakenAt: readonly number[];
  now: number;
}

/** Whether one more snapshot may be stored: proctoring on, the attempt running with time left, the rate not exceeded. */
export const admitSnapshot = (facts: SnapshotFacts): Result<true> => {
  if (!facts.imageProctoring) return refuse('image-proctoring-disabled', 'This test does not take camera snapshots.');
  const timeLeft = requireTimeLeft(facts.status, facts.deadline, facts.now);
  if (timeLeft.err) return timeLeft;
  const since = snapshotWindowStart(facts.now);
  const inWindow = facts.recentTakenAt.filter((takenAt) => takenAt > since);
  if (inWindow.length < SNAPSHOT_RATE.burst) return ok(true);
  // The window frees a place when its oldest snapshot leaves it.
  const freesAt = Math.min(...inWindow) + SNAPSHOT_WINDOW_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - facts.now) / 1000));
  return refuse(
    'too-many-requests',
    `Too many snapshots: at most ${SNAPSHOT_RATE.burst} in ${SNAPSHOT_WINDOW_MS / 1000} s. Try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  );
};
