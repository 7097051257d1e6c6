import type { InvitationStatus, ReportStatus } from '@assay/domain';
import type { Generated } from 'kysely';

// Candidates and their invitations, with what is kept about each: history, reminders, decisions, tags, notes, ratings, feedback, erasures.

export interface CandidatesTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  email_key: string;
  email: string;
  full_name: string;
  callback_url: string | null;
  redirect_url: string | null;
  /** Where the opt-in "submitted" event goes (migration 028); null sends none. */
  submitted_callback_url: string | null;
  /** When the candidate followed a reminder's unsubscribe link (migration 032): no reminder for this test again. */
  reminders_unsubscribed_at: number | null;
  /** v3's invite (migration 047): JSON array of addresses told of each completion besides the link's; null: none. */
  stakeholder_emails: Generated<string | null>;
  /** v3's `hideInstruction` (migration 047): 1 leaves the rules list and the practice question off the landing. */
  hide_instructions: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface InvitationsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  candidate_id: number;
  test_link_id: number | null;
  attempt_no: number;
  previous_invitation_id: number | null;
  token: string;
  status: InvitationStatus;
  report_status: ReportStatus;
  score: number;
  time_taken: number;
  window_violations: number;
  time_violation_seconds: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  /** The test version's row its attempt started on (migration 063); null until it starts: it follows the current one. */
  version_test_id: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  deadline_at: number | null;
  left_at: number | null;
  /** 1 while the absence since `left_at` began with the page unloading (not counted unless it lasts). */
  left_on_unload: number;
  /** The candidate's accommodation: extra time as a percentage of the test's duration (0-100). */
  extra_time_percent: Generated<number>;
  /** The generation of signed report links honoured; revoking the invitation's links adds one (migration 016). */
  report_link_generation: Generated<number>;
  /** What the attempt's variant is computed from, written with its start; null before it (migration 035). */
  variant_seed: number | null;
  /** The invitation's own expiry (migration 032); null: none. */
  expires_at: number | null;
  /** The invitation's own opening (migration 050, decision 1024): no start before it; null: open at once. */
  opens_at: number | null;
  /** The front that made it (migration 044): 'v2' or 'v3' (`InvitationInterface`). */
  interface: Generated<string>;
  /** Why the attempt ended (migration 044, `AttemptEndReason`); null while it runs or for attempts ended before. */
  end_reason: string | null;
  /** Image violations counted in the attempt (migration 046, decision 971). */
  image_violations: Generated<number>;
  /** Which limit ended a terminated attempt (migration 046): 'window' or 'image'; null otherwise. */
  terminated_by: string | null;
  /** The attempt's own rules as JSON (`AttemptRules`), written with its start (migration 052, decision 1140); null before. */
  attempt_rules: string | null;
  /** A camera-proctored attempt's snapshots and longest stretch without one, written when it ends (migration 052, decision 1143). */
  camera_photos: number | null;
  camera_gap_seconds: number | null;
  /** The attempt's AI snapshot (JSON `AttemptAiSnapshot`), written with its start (migration 054); null before it. */
  ai_snapshot: string | null;
}

export interface InvitationHistoryTable {
  id: Generated<number>;
  invitation_id: number;
  at: number;
  kind: string;
  actor: string;
  key_id: number | null;
  details: string;
  count: number;
  last_at: number;
  /** Its number among the invitation's entries of its kind (migration 037): what the bound keeps and drops by. */
  seq: number;
}

/** One reminder or expiry note claimed for an invitation (migration 032): the unique key that makes it at-most-once. */
export interface InvitationRemindersTable {
  invitation_id: number;
  /** `reminder:48h`, `expired` (`reminderKey`, `EXPIRY_NOTE_KEY`). */
  reminder_key: string;
  /** The outbox job that sends it; null: claimed as skipped. */
  job_id: number | null;
  created_at: number;
}

/** The decision standing on an invitation (migration 039); decision null: cleared. */
export interface CandidateDecisionsTable {
  invitation_id: number;
  org_id: number;
  decision: string | null;
  reason: string | null;
  key_id: number;
  decided_at: number;
}

export interface CandidateTagsTable {
  invitation_id: number;
  tag: string;
}

export interface CandidateNotesTable {
  id: Generated<number>;
  invitation_id: number;
  key_id: number;
  text: string;
  created_at: number;
  edited_at: number | null;
}

export interface CandidateRatingsTable {
  invitation_id: number;
  key_id: number;
  rating: number;
  rated_at: number;
}

/** The candidate's feedback on a test, one row per attempt (migration 045); erasure nulls `text`. */
export interface CandidateFeedbackTable {
  invitation_id: number;
  attempt_started_at: number;
  /** 1 to 5, or null when only text was given. */
  rating: number | null;
  text: string | null;
  given_at: number;
}

/** One erasure of candidates' personal data (migration 042): its scope and invitations by id, never the data. */
export interface ErasuresTable {
  id: Generated<number>;
  org_id: number;
  at: number;
  /** Who erased: a key's label and id, or `retention` for the sweep. */
  by: string;
  /** `email`, `invitation` or `retention`. */
  scope: string;
  /** How many invitations this erasure erased (those erased before not counted). */
  invitations: number;
  /** JSON array of the invitation ids it erased. */
  invitation_ids: string;
  /** Bulk-file rows without an invitation it erased (an erasure by address; migration 049, decision 1003). */
  bulk_rows: Generated<number>;
}
