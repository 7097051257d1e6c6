import type { Generated } from 'kysely';

/** One check of a test's questions against the model (migration 057; docs/ai.md "Which questions a model solves"). */
export interface AiChecksTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  /** The domain's `AiCheckState`. */
  state: string;
  model: string;
  started_at: number;
  /** When its last result was written (or it started): a running check silent for long was interrupted (decision 1244). */
  progressed_at: number;
  finished_at: number | null;
  questions_total: number;
  /** Why a failed check stopped. */
  problem: string | null;
  /** JSON: the domain's `AiCheckQuestionResult[]`, in the test's question order. */
  results: Generated<string>;
}
