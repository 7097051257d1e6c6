import { z } from 'zod';
import { multiLineText } from '../schemas/text-fields.js';

/**
 * Where a hiring team stands on a candidate's invitation (issue 50 item 2): one state at a time, changeable, and
 * clearable back to none (null on the wire, `none` in filters and the CLI). Every change is a `decided` entry of the
 * invitation's history with who and why (decision 755).
 */
export const candidateDecisions = ['shortlisted', 'advanced', 'rejected', 'on-hold'] as const;
export const CandidateDecision = z.enum(candidateDecisions, { error: 'decision must be "shortlisted", "advanced", "rejected", "on-hold" or null' });
export type CandidateDecision = z.infer<typeof CandidateDecision>;

/** The word filters and the CLI use for "no decision". */
export const NO_DECISION = 'none';

export const DECISION_REASON_MAX = 500;

/** `PUT /v2/org/testinvitation/{id}/decision`: the new state (null clears it) and why, optional. */
export const DecisionInput = z
  .object({
    decision: CandidateDecision.nullable().meta({ description: 'shortlisted, advanced, rejected, on-hold; null clears the decision.' }),
    reason: multiLineText('reason', DECISION_REASON_MAX, { description: 'Why (up to 500 characters), kept in the history.' }).optional(),
    notify: z.boolean().optional().meta({
      description:
        'true: email the candidate the org’s template for this decision (rejected; advanced or shortlisted) after the undo window (ASSAY_DECISION_EMAIL_DELAY_S, 10 minutes by default); changing or clearing the decision before then withdraws it. on-hold and null send nothing.',
    }),
  })
  .meta({ id: 'CandidateDecisionBody' });
export type DecisionInput = z.infer<typeof DecisionInput>;

/** What a `decided` history entry says: the new state (null: cleared), the one before, and the reason given. */
export interface DecisionChange {
  readonly decision: CandidateDecision | null;
  readonly previous: CandidateDecision | null;
  readonly reason: string | null;
}

/**
 * The change a decision request makes, or nothing when it names the state the invitation already has with no new
 * reason: a repeated PUT (a retried request, a script run twice) writes no second history entry (decision 755).
 */
export const decisionChangeOf = (current: CandidateDecision | null, input: DecisionInput): DecisionChange | undefined => {
  const reason = input.reason === undefined || input.reason === '' ? null : input.reason;
  if (current === input.decision && reason === null) return undefined;
  return { decision: input.decision, previous: current, reason };
};

/** The CLI's verbs, as a person types them, to the wire's states. */
export const DECISION_VERBS: Readonly<Record<string, CandidateDecision | null>> = {
  shortlist: 'shortlisted',
  advance: 'advanced',
  reject: 'rejected',
  hold: 'on-hold',
  none: null,
};
