import { z } from 'zod';
import { Id } from '../ids.js';
import { InvitationListQuery } from '../schemas/invitation-list.js';
import { type CandidateDecision, type DecisionChange, DecisionInput, decisionChangeOf } from './candidate-decision.js';

/** More than this many candidates in one request is refused (400.130): a slip of the filter should not decide a whole test. */
export const BULK_DECISION_CAP = 500;

const list = InvitationListQuery.shape;
/** The invitation list's own filter (same words, same parsing), so the list and a bulk decision pick the same people. */
export const BulkDecisionFilter = z
  .strictObject({
    status: list.status,
    min_score: list.min_score,
    max_score: list.max_score,
    q: list.q,
    integrity: list.integrity,
    decision: list.decision,
    tag: list.tag,
  })
  .meta({ id: 'BulkDecisionFilter' });
export type BulkDecisionFilter = z.infer<typeof BulkDecisionFilter>;

/** `POST /v2/org/tests/{id}/decisions/bulk`: one decision for many candidates, named by ids or by the list's filter. */
export const BulkDecisionInput = z
  .strictObject({
    decision: DecisionInput.shape.decision,
    reason: DecisionInput.shape.reason,
    notify: z.boolean({ error: 'notify must be true or false' }).optional(),
    dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
    ids: z
      .array(Id)
      .min(1, { error: 'ids must name at least one invitation' })
      .max(BULK_DECISION_CAP, { error: `ids may name at most ${BULK_DECISION_CAP} invitations` })
      .optional(),
    filter: BulkDecisionFilter.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), { error: 'give exactly one of ids or filter' })
  .meta({ id: 'BulkDecisionBody' });
export type BulkDecisionInput = z.infer<typeof BulkDecisionInput>;

/** One candidate the request named, as the store found it (undefined: not in this test or not in this org). */
export interface BulkCandidate {
  readonly id: number;
  readonly current: CandidateDecision | null;
}

export type BulkDecisionOutcome =
  | { readonly id: number; readonly outcome: 'decided'; readonly change: DecisionChange }
  | { readonly id: number; readonly outcome: 'unchanged' }
  | { readonly id: number; readonly outcome: 'refused'; readonly reason: 'not-found' };

/**
 * What deciding each named id would do. Ids the store did not find in this test (another org's included) are refused
 * as not found, never decided; an id named twice is decided once.
 */
export const bulkDecisionOutcomes = (
  ids: readonly number[],
  found: ReadonlyMap<number, BulkCandidate>,
  input: Pick<BulkDecisionInput, 'decision' | 'reason'>,
): BulkDecisionOutcome[] =>
  [...new Set(ids)].map((id) => {
    const candidate = found.get(id);
    if (candidate === undefined) return { id, outcome: 'refused', reason: 'not-found' } as const;
    const change = decisionChangeOf(candidate.current, { decision: input.decision, reason: input.reason });
    return change === undefined ? ({ id, outcome: 'unchanged' } as const) : ({ id, outcome: 'decided', change } as const);
  });

/** A filter matching more than the cap is refused as a whole rather than cut at an arbitrary row. */
export const exceedsBulkCap = (count: number): boolean => count > BULK_DECISION_CAP;
