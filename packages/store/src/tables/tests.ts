import type { Generated } from 'kysely';

// An org's imported tests (their content never changed once imported: a change is a new version's row), their sections and questions, and the links candidates register through.

export interface TestsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  access_key: string;
  duration: number;
  question_count: number;
  total_marks: number;
  status: string;
  definition: string;
  created_at: number;
  /** 1, 2, 3… among the org's tests, in import order (migration 011). */
  org_position: number;
  /** Its default reminder hours as JSON (migration 032); null: the service default. */
  reminder_hours: string | null;
  /** Its settings as JSON of the domain's `TestSettings` (migration 044); null: the defaults (`defaultTestSettingsOf`). */
  settings: string | null;
  /** A later version's row: the id of the test's first row, its identity (migration 063); null on a first row. */
  lineage_id: number | null;
  /** 1 for a first row, then 2, 3… (migration 063). */
  version: Generated<number>;
  /** On a first row: its current version's row once there is a later one (migration 063); null: itself. */
  current_version_id: number | null;
  /** Why a version was made when Assay made it (a question retired at its pool's cap, migration 065); null: its author's. */
  version_note: string | null;
}

export interface SectionsTable {
  id: Generated<number>;
  test_id: number;
  position: number;
  name: string;
  section_type: string;
  duration: number;
  question_count: number;
  total_marks: number;
  /** Questions drawn per candidate; null: all of them (migration 035). */
  draw: number | null;
  /** 1 when each candidate gets the section's questions in an order of their own (migration 035). */
  shuffle_questions: Generated<number>;
  /** 1 when each candidate gets every choice question's options in an order of their own (migration 035). */
  shuffle_options: Generated<number>;
  /** Started attempts each question of the pool may be shown before it is retired; null: no cap (migration 065). */
  exposure_cap: number | null;
}

/** Per test (its first row) and question identity, the started attempts shown it, and its retirement (migration 065). */
export interface QuestionExposuresTable {
  test_id: number;
  identity: string;
  label: string;
  exposures: Generated<number>;
  retired_at: number | null;
  retired_from: string | null;
}

export interface QuestionsTable {
  id: Generated<number>;
  test_id: number;
  section_id: number;
  position: number;
  kind: string;
  marks: number;
  negative_marks: number;
  body: string;
}

export interface TestLinksTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  name: string;
  access_key: string;
  access_time: number;
  start_date_time: string | null;
  end_date_time: string | null;
  time_zone_id: number;
  invite_only: number;
  image_proctoring: number;
  email_to_stakeholder: string | null;
  status: number;
  /** Its reminder hours as JSON (migration 032); null: the test's. */
  reminder_hours: string | null;
  created_at: number;
  updated_at: number;
}
