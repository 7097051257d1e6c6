import { z } from 'zod';
import { AttemptEndReason } from '../candidate/attempt-end.js';
import { ProctoringCounters } from '../candidate/proctoring.js';
import { ViolationKind } from '../candidate/violation-limits.js';
import { AttemptRules } from '../candidate/attempt-rules.js';
import { CameraCoverage } from '../candidate/camera-coverage.js';
import { Id } from '../ids.js';
import { InvitationStatus } from '../invitation-status.js';
import { ReportStatus } from '../schemas/report.js';
import { InvitationInterface } from '../v3/invitation-interface.js';

/** Epoch milliseconds: every stored instant. */
const Instant = z.number();

/** One candidate's attempt at a test, as stored: what the store hands out, in the domain's words. */
export const Invitation = z.object({
  id: Id,
  orgId: Id,
  testId: Id,
  candidateId: Id,
  testLinkId: Id.nullable(),
  attemptNo: z.int().positive(),
  previousInvitationId: Id.nullable(),
  token: z.string(),
  status: InvitationStatus,
  reportStatus: ReportStatus,
  score: z.number(),
  timeTaken: z.int(),
  proctoring: ProctoringCounters,
  startedAt: Instant.nullable(),
  deadline: Instant.nullable(),
  completedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  /** The candidate's accommodation: extra time as a percentage of the test's duration (0 for none). */
  extraTimePercent: z.int().min(0).max(100),
  /** Signed report links issued under an earlier generation are revoked (`reportLinkStanding`). */
  reportLinkGeneration: z.int().nonnegative(),
  /**
   * The seed the attempt's variant (questions drawn, their order, options' order) is computed from, fixed at the start
   * (`attemptVariant`); null before a start, and for attempts started before question pools existed (migration 035).
   */
  variantSeed: z.int().nullable().optional(),
  /** The invitation's own expiry (issue 33 item 3, migration 032): no start at or after it; null for none. */
  expiresAt: Instant.nullable(),
  /** The invitation's own opening (migration 050, a v3 `startDateTime`: decision 1024); null or absent: open at once. */
  opensAt: Instant.nullable().optional(),
  /** The front that made it (migration 044): v3 invitations get v3's callbacks. */
  interface: InvitationInterface,
  /** Why the attempt ended (migration 044); null while it runs, before it starts, and for attempts ended before 044. */
  endReason: AttemptEndReason.nullable(),
  /** Image violations counted in the attempt (migration 046, decision 971); absent reads as 0. */
  imageViolations: z.int().nonnegative().optional(),
  /** Which limit ended a terminated attempt (migration 046, decision 974); null or absent otherwise. */
  terminatedBy: ViolationKind.nullable().optional(),
  /**
   * The rules the attempt runs under, fixed at its start (migration 052, decision 1140); null or absent before a start
   * and for attempts started before 052 (`rulesInForce` then reads the test's and link's as they are).
   */
  rules: AttemptRules.nullable().optional(),
  /** How the camera covered a camera-proctored attempt, reckoned when it ended (migration 052, decision 1143); null otherwise. */
  cameraCoverage: CameraCoverage.nullable().optional(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Invitation = z.infer<typeof Invitation>;
