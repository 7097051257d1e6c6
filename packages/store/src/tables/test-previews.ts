import type { Generated } from 'kysely';

/** One preview link (migration 064; docs/tests-as-files.md "Preview"): never its token, only the token's hash. */
export interface TestPreviewsTable {
  id: Generated<number>;
  org_id: number;
  /** SHA-256 of the link's token, hex: the candidate routes' lookup (decision 1493). */
  token_hash: string;
  /** The org's test it shows; null for a definition sent as is. */
  test_id: number | null;
  /** The TestDefinition it shows, JSON as parsed (defaults filled in). */
  definition: string;
  created_at: number;
  expires_at: number;
}
