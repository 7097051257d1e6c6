import type { KeyRole } from '@assay/domain';
import type { Generated } from 'kysely';

// Who uses the service and what it keeps service-wide: orgs, their people and API keys, service settings, rate limits, idempotency keys.

/** Instants are epoch milliseconds in every table; flags are 0/1 integers; JSON is text. */
export interface OrgsTable {
  id: Generated<number>;
  name: string;
  email: string;
  time_zone_id: number;
  created_at: number;
  /** 1: callbacks use the documented sample's keys with trailing spaces (decision 46). */
  callback_trailing_spaces: Generated<number>;
  /** What its candidate pages say about it; null: not chosen (019). */
  display_name: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_url: string | null;
  /** 1: a registration that leaves out `sendEmail` emails the candidate (migration 041, decision 815). */
  send_email_by_default: Generated<number>;
  /** Days a single invitation made without a deadline is given; days after which one without any is reminded (migration 060). Null: none. */
  default_deadline_days: Generated<number | null>;
  remind_after_days: Generated<number | null>;
  /** The org's decision emails as JSON (migration 061, decision 1450); null: the defaults. */
  decision_emails: Generated<string | null>;
  /** Retention periods in days (migration 043, decisions 849, 850); null keeps. New orgs get the column defaults. */
  retention_ended_days: Generated<number | null>;
  retention_media_days: Generated<number | null>;
  retention_unstarted_days: Generated<number | null>;
  /** 0: the org switched the AI assistant off (migration 054, decision 1161); 1 for every org until it does. */
  assistant_enabled: Generated<number>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  org_id: number;
  key_hash: string;
  prefix: string;
  /** A `KeyRole`; `admin` for every key issued before roles existed. */
  role: Generated<KeyRole>;
  /** Set on every key (its prefix when issued without one); null only in the migration's instant. */
  label: string | null;
  created_at: number;
  revoked_at: number | null;
  /** Its person (migration 040 gave every earlier key one of its own); null only in the migration's instant. */
  person_id: number | null;
}

/** A person of an org, who holds API keys (issue 50, decision 771). */
export interface PeopleTable {
  id: Generated<number>;
  org_id: number;
  /** Null for the unnamed person migration 040 made for an earlier key: its label names it. */
  name: string | null;
  email: string | null;
  /** A `KeyRole`: the role their keys act with unless issued narrower (decision 772). */
  role: Generated<KeyRole>;
  created_at: number;
  deactivated_at: number | null;
  /** The key migration 040 made the person for; null for people added since. */
  first_key_id: number | null;
}

export interface ServiceSettingsTable {
  key: string;
  value: string;
}

/** A fixed window of one rate-limited key (an API key, a client address…): hits so far and when it ends. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  reset_at: number;
}

/** One Idempotency-Key of a scope (an org, or the admin API); `status_code` is null while the first request runs. */
export interface IdempotencyKeysTable {
  scope: string;
  /** As the server chooses to store it (Assay's server: a hash, never the key itself). */
  key: string;
  /** Hash of the first request's method, path and canonical body. */
  fingerprint: string;
  /** Random token of the request holding the claim, so only it completes or releases the key. */
  owner: string;
  /** The server process of that request (`instance-liveness.ts`); null on claims stored before migration 015. */
  instance: string | null;
  status_code: number | null;
  /** The kept response, as the server chooses to store it (Assay's server: sealed, since it can hold secrets). */
  response_body: string | null;
  /**
   * Whom the kept answer names (migration 049): a JSON array of `i:<invitation id>` and `e:<digest of an address>`
   * (`kept-answer-subjects.ts`), so an erasure drops only those answers (decision 1004). Null: kept before, unknown.
   */
  subjects: string | null;
  created_at: number;
  locked_until: number;
  expires_at: number;
}
