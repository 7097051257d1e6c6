import type { Generated } from 'kysely';

// What an attempt records (answers, events, snapshots, signals, code playback) and what scoring and grading make of it.

export interface AnswersTable {
  invitation_id: number;
  question_id: number;
  /** JSON array of option indexes, or null for coding answers. */
  option_ids: string | null;
  code: string | null;
  /** The language of a coding answer; null for choice answers and for code saved before answers had one. */
  language: string | null;
  /** A short_answer or free_text answer (migration 022); null for the other types. */
  text: string | null;
  /** A coding answer's code in the question's other languages, a JSON object by language (migration 051); null: none. */
  drafts: string | null;
  saved_at: number;
}

/** An answer of a scored attempt that waits for a person (migration 022): the review queue's rows. */
export interface ReviewItemsTable {
  invitation_id: number;
  question_id: number;
  created_at: number;
}

/** Every grade a person gave a written answer (migration 024); the current one has no `superseded_at`. */
export interface GradesTable {
  id: Generated<number>;
  invitation_id: number;
  question_id: number;
  marks: number;
  /** JSON array of { criterion, marks }, or null. */
  criteria: string | null;
  comment: string | null;
  /** The API key that graded (`api_keys.id`). */
  key_id: number;
  graded_at: number;
  /** When a regrade (or a new scoring of the attempt) replaced it; null for the current grade. */
  superseded_at: number | null;
  /** Its number among the grades of its answer (migration 037): what the bound keeps and drops by. */
  seq: number;
}

export interface QuestionResultsTable {
  invitation_id: number;
  question_id: number;
  marks: number;
  /** JSON array of booleans, one per hidden test, for coding answers that ran. */
  cases: string | null;
}

/**
 * A scored attempt's question results as one text (migration 021), `questionId:marks:cases` joined by `;` (cases as
 * in question_results, empty when none ran): what the Excel export reads instead of grouping the rows.
 */
export interface AttemptResultsTable {
  invitation_id: number;
  results: string;
  /** Each coding question's answer facts as scoring decided them (migration 027); null where none were stored. */
  coding: string | null;
}

export interface SampleRunsTable {
  invitation_id: number;
  question_id: number;
  runs: number;
}

export interface SectionResultsTable {
  invitation_id: number;
  section_id: number;
  score: number;
}

/** A test's scored attempts counted per score, kept by triggers (migration 020): what a report's standing sums. */
export interface TestScoreCountsTable {
  test_id: number;
  score: number;
  /** A bigint on PostgreSQL, which pg hands over as a string. */
  count: number | string;
}

export interface AttemptEventsTable {
  id: Generated<number>;
  invitation_id: number;
  /** `left`, `returned`, `unload` or `section`. */
  kind: string;
  at: number;
  section_id: number | null;
  /** The event's number in its attempt's stream (departures or section views), from 0 in arrival order. */
  seq: number;
}

/** Per attempt and question, what the page reported (migration 034; domain: question-signals.ts). */
export interface QuestionSignalsTable {
  invitation_id: number;
  question_id: number;
  time_ms: number;
  in_view_since: number | null;
  first_viewed_at: number | null;
  first_keystroke_at: number | null;
  pastes: number;
  pasted_chars: number;
  insertions: number;
  events: string;
  /** JSON array of the answer's windows of typing (migration 056; domain: typing-window.ts); null before any. */
  typing: string | null;
}

/** An attempt's AI-use findings (migration 056; domain: ai-use/), as the score job last made them. */
export interface AiUseFindingsTable {
  invitation_id: number;
  evidence_id: string;
  question_id: number;
  kind: string;
  at: number;
  /** JSON: the figures that made the rule fire. */
  figures: string;
}

/** Per attempt and coding question, its code's history as timed diffs (migration 034; domain: code-playback.ts). */
export interface CodePlaybackTable {
  invitation_id: number;
  question_id: number;
  frames: string;
}

export interface SnapshotsTable {
  id: Generated<number>;
  invitation_id: number;
  taken_at: number;
  media_type: string;
  data: Buffer;
}

export interface EvidenceReviewsTable {
  id: Generated<number>;
  invitation_id: number;
  event_id: string;
  outcome: string;
  note: string;
  key_id: number;
  reviewed_at: number;
  /** Its number among the reviews of its evidence (migration 037): what the bound keeps and drops by. */
  seq: number;
}

/** What scoring kept of a coding answer to compare it later (migration 033). */
export interface AnswerFingerprintsTable {
  id: Generated<number>;
  org_id: number;
  question_id: number;
  invitation_id: number;
  family: string;
  hashes: Buffer;
  prints: string;
  created_at: number;
}

/** A pair of answers to one question at or above the similarity threshold (migration 033): left the later one. */
export interface SimilarityPairsTable {
  id: Generated<number>;
  org_id: number;
  question_id: number;
  left_invitation_id: number;
  right_invitation_id: number;
  score: number;
  regions: string;
  found_at: number;
}
