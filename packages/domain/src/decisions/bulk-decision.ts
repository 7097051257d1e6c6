import { z } from 'zod';
import { Id } from '../ids.js';
import { type Result, refuse } from '../result.js';
import { InvitationListQuery } from '../schemas/invitation-list.js';
import { plainText } from '../schemas/text-fields.js';
import { FORBIDDEN_IN } from '../text/control-characters.js';
import { CandidateDecision, type DecisionChange, DecisionInput, decisionChangeOf } from './candidate-decision.js';

/** More than this many candidates in one request is refused (400.130): a slip of the filter should not decide a whole test. */
export const BULK_DECISION_CAP = 500;

const list = InvitationListQuery.shape;
/**
 * A list word taken in a body: refused with the character named when it holds a control or bidi character, as every
 * text field of a body is (a URL's query never carries them to the list), then parsed as the list parses it. The
 * document states what the list's own schema states (its pattern, its length), so a body valid by the document is
 * one the route takes.
 */
const bodyText = <T extends z.ZodType<unknown, string | undefined>>(field: string, parse: T, documented: Record<string, unknown>) =>
  // The list's schemas are optional (their input may be undefined): piped from a string, only a string reaches them.
  z
    .string()
    .check(plainText(field))
    .pipe(parse as unknown as z.ZodType<z.output<T>, string>)
    .optional()
    .meta({ ...parse.meta(), ...documented });
/** A score bound: a JSON number in a body (the list's URL carries it as text), documented as the list documents it. */
const score = (field: 'min_score' | 'max_score') =>
  z
    .number({ error: `${field} must be a number such as 15 or -2.5` })
    .finite({ error: `${field} must be a finite number` })
    .optional()
    .meta({ description: list[field].meta()?.description });
/** Free words (q, tag): at most 200 characters, none forbidden in a single line. */
const words = { type: 'string', maxLength: 200, pattern: `^[^${FORBIDDEN_IN['single-line']}]*$` };

/** The invitation list's own filter (same words, same parsing), so the list and a bulk decision pick the same people. */
export const BulkDecisionFilter = z
  .strictObject({
    status: bodyText('status', list.status, {}),
    min_score: score('min_score'),
    max_score: score('max_score'),
    q: bodyText('q', list.q, words),
    integrity: list.integrity,
    decision: bodyText('decision', list.decision, {}),
    tag: bodyText('tag', list.tag, words),
  })
  .meta({ id: 'BulkDecisionFilter' });
export type BulkDecisionFilter = z.infer<typeof BulkDecisionFilter>;

/** `POST /v2/org/tests/{id}/decisions/bulk`: one decision for many candidates, named by ids or by the list's filter. */
export const BulkDecisionInput = z
  .strictObject({
    decision: DecisionInput.shape.decision,
    reason: DecisionInput.shape.reason,
    notify: DecisionInput.shape.notify,
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

/** The refusal of a filter that matches more than the cap (400.130), naming how many it matched. */
export const bulkDecisionTooLarge = (count: number): Result<never> =>
  refuse(
    'bulk-decision-too-large',
    `The filter matches ${count} candidates; one bulk decision decides at most ${BULK_DECISION_CAP}. Narrow the filter (e.g. add max_score or decision=none).`,
  );

/** One candidate's outcome as the answer names it: who, what stood before, what the request did. */
export const BulkDecisionRow = z
  .object({
    testInvitationId: Id,
    fullName: z.string().nullable().meta({ description: 'null when not found in this test.' }),
    emailId: z.string().nullable().meta({ description: 'null when not found in this test.' }),
    before: CandidateDecision.nullable().meta({ description: 'The decision standing before (null: none).' }),
    outcome: z.enum(['decided', 'unchanged', 'not-found']).meta({
      description:
        'decided (or, in a dry run, would be); unchanged: the same decision stands and no new reason; not-found: not an invitation of this test of this org.',
    }),
  })
  .meta({ id: 'BulkDecisionRow' });
export type BulkDecisionRow = z.infer<typeof BulkDecisionRow>;

/** The answer of a bulk decision, or of its dry run (nothing written). */
export const BulkDecisionAnswer = z
  .object({
    dryRun: z.boolean(),
    decided: z.int().meta({ description: 'How many were decided (in a dry run: would be).' }),
    unchanged: z.int(),
    notFound: z.int(),
    candidates: z.array(BulkDecisionRow),
  })
  .meta({ id: 'BulkDecisionAnswer' });
export type BulkDecisionAnswer = z.infer<typeof BulkDecisionAnswer>;
