import type { Generated } from 'kysely';

/** One authorship follow-up of an attempt (migration 058; docs/ai.md "Authorship follow-ups"). */
export interface FollowUpsTable {
  id: Generated<number>;
  invitation_id: number;
  question_id: number;
  /** 0, 1 or 2: the order they are asked in. */
  position: number;
  text: string;
  /** The domain's `FollowUpSource`: model or template. */
  source: string;
  seconds: number;
  /** When its timer started; null until the one before it closed. */
  served_at: number | null;
  answer: Generated<string>;
  /** When the candidate sent it; null while open, or when the time ran out on the saved draft. */
  answered_at: number | null;
  pastes_refused: Generated<number>;
  /** The domain's `FollowUpMark`, null until a reviewer marks it; never part of a score. */
  mark: string | null;
  /** Who marked it: the key's person or name, as grades record it. */
  marked_by: string | null;
  marked_at: number | null;
}
