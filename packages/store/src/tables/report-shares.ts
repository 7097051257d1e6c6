import type { Generated } from 'kysely';

/** One report share (migration 062; docs/compare-and-share.md "Share"): never its token, only the token's hash. */
export interface ReportSharesTable {
  id: Generated<number>;
  org_id: number;
  invitation_id: number;
  /** SHA-256 of the link's token, hex: the open route's lookup (decision 1434). */
  token_hash: string;
  created_by_key_id: number | null;
  created_by_person_id: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  open_count: Generated<number>;
  last_opened_at: number | null;
}
