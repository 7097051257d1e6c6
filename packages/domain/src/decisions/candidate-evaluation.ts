import { z } from 'zod';
import { HistoryBy } from '../history/history-events.js';
import { Id } from '../ids.js';
import { CandidateDecision } from './candidate-decision.js';

const Instant = z.string().meta({ description: 'ISO 8601, UTC' });
/** Who, named exactly as the invitation's history names them (its `by`), so both say the same name. */
const By = HistoryBy;

export const CandidateNote = z
  .object({
    noteId: Id,
    text: z.string(),
    author: By,
    createdAt: Instant,
    editedAt: Instant.nullable().meta({ description: 'When its author last edited it; null: never.' }),
  })
  .meta({ id: 'CandidateNote' });
export type CandidateNote = z.infer<typeof CandidateNote>;

export const CandidateRating = z.object({ rating: z.int().min(1).max(5), ratedBy: By, ratedAt: Instant }).meta({ id: 'CandidateRating' });
export type CandidateRating = z.infer<typeof CandidateRating>;

export const CandidateDecisionState = z
  .object({ decision: CandidateDecision, reason: z.string().nullable(), decidedBy: By, decidedAt: Instant })
  .meta({ id: 'CandidateDecisionState' });
export type CandidateDecisionState = z.infer<typeof CandidateDecisionState>;

/**
 * Everything a hiring team recorded on one invitation (issue 50 item 2): the decision, the tags, the notes (oldest
 * first) and each key's rating. Every write of `…/decision`, `…/tags`, `…/notes`, `…/rating` answers it whole, so a
 * client shows what now stands without a second read (decision 758).
 */
export const CandidateEvaluation = z
  .object({
    testInvitationId: Id,
    decision: CandidateDecisionState.nullable().meta({ description: 'null: no decision (never made, or cleared).' }),
    tags: z.array(z.string()).meta({ description: 'Normalised (lower case, `-` for spaces), sorted.' }),
    notes: z.array(CandidateNote).meta({ description: 'Oldest first.' }),
    ratings: z.array(CandidateRating).meta({ description: 'One per key, oldest first.' }),
    meanRating: z.number().nullable().meta({ description: 'Mean of the ratings, one decimal; null without any.' }),
  })
  .meta({ id: 'CandidateEvaluation' });
export type CandidateEvaluation = z.infer<typeof CandidateEvaluation>;

export const CandidateNotes = z.object({ testInvitationId: Id, notes: z.array(CandidateNote) }).meta({ id: 'CandidateNotes' });
export type CandidateNotes = z.infer<typeof CandidateNotes>;
