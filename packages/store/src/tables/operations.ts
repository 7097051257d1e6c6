import type { Generated } from 'kysely';

// What the service's operation keeps: the sandbox workers alive, and the exports made of tests' reports.

/** A process with a sandbox and the languages it runs (migration 038); it counts while its instance lives. */
export interface SandboxWorkersTable {
  instance_id: string;
  /** JSON array of language ids. */
  languages: string;
  declared_at: number;
}

/** One export of a test's report (Excel): its invitations' histories read it back (migration 036). */
export interface TestExportsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  format: string;
  actor: string;
  key_id: number | null;
  at: number;
}
