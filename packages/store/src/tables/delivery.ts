import type { JobKind, JobStatus } from '@assay/domain';
import type { Generated } from 'kysely';

// The outbox and what it delivers to: jobs and their delivery log, webhook secrets, Greenhouse, bulk invitations.

export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  invitation_id: number | null;
  kind: JobKind;
  /** The callback URL or the email address. */
  target: string;
  /** Stable across retries: the `webhook-id` of a callback. */
  message_id: string;
  /** Set for messages whose body is fixed when queued (test events); others are built at delivery. */
  payload: string | null;
  status: JobStatus;
  attempts: number;
  run_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** The process holding the lease (`instance-liveness.ts`): a dead one's lease is taken over at once. Null before migration 018. */
  lease_instance: string | null;
  /** A scoring job: the languages its answers are in, a JSON array (migration 038); null when it runs no code. */
  languages: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveriesTable {
  id: Generated<number>;
  job_id: number;
  attempted_at: number;
  outcome: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/**
 * A `.eml` file the files-mode outbox wrote for one of an invitation's emails (migration 048): what an erasure removes
 * and an export hands over, by record and never by what the file's text contains (decision 1000).
 */
export interface OutboxEmailsTable {
  id: Generated<number>;
  org_id: number;
  invitation_id: number;
  job_id: number;
  /** The file's name in `ASSAY_OUTBOX_DIR` (a time and a message id: nothing of the person). */
  file_name: string;
  written_at: number;
}

export interface WebhookSecretsTable {
  id: Generated<number>;
  org_id: number;
  secret: string;
  created_at: number;
  /** Set when rotated out: still used for signing until then, so receivers can switch without a gap. */
  expires_at: number | null;
}

/** The credentials Greenhouse issued to an org for its PATCH "test completed" (migration 030). */
export interface GreenhouseSettingsTable {
  org_id: number;
  callback_username: string;
  callback_password: string;
  updated_at: number;
}

/** One Greenhouse interview: an (org, application, test), the invitation it stands for, its PATCH URL (migration 030). */
export interface GreenhouseInterviewsTable {
  id: Generated<number>;
  org_id: number;
  application_id: string;
  test_id: number;
  invitation_id: number;
  callback_url: string;
  created_at: number;
  updated_at: number;
}

/** A bulk invitation job (migration 031): one per org, test and file. */
export interface BulkInvitationJobsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  /** sha256 of the domain's `bulkFileKeyText`: the same file sent again finds this job. */
  file_key: string;
  /** The API key that sent the file: the invitations' history names it. */
  key_id: number | null;
  total: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One row of a bulk file: as checked, and its outcome once decided (null while waiting for the worker). */
export interface BulkInvitationRowsTable {
  job_id: number;
  row_no: number;
  email: string;
  full_name: string | null;
  extra_time_percent: number | null;
  link_expires_at: number | null;
  outcome: 'invited' | 'alreadyInvited' | 'refused' | null;
  reason: string | null;
  invitation_id: number | null;
}
