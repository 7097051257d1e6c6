import { z } from 'zod';
import { type EvidenceReviews, reviewedEvidenceFields, reviewOf } from '../report/integrity-evidence-detail.js';
import { AiUseFinding, aiUseEvidenceId, BurstAfterReturnFigures, CopiedQuestionFigures, RewrittenFigures, TranscribedFigures } from './ai-use-finding.js';
import { AI_USE_RULES, aiUseFiguresText } from './ai-use-text.js';

const common = {
  questionId: z.int().positive(),
  questionNumber: z.int().positive().nullable().meta({ description: "The question's number in this candidate's report; null if it is not listed." }),
  at: z.string().meta({ description: 'When, ISO 8601 UTC: the paste, the last typing, the return, the rewrite.' }),
  rule: z.string().meta({ description: 'What the rule looks for, what else it may be, and that it is no verdict (docs/ai.md, "AI-use evidence").' }),
  figuresText: z.string().meta({ description: 'The figures that made it fire, in words.' }),
  ...reviewedEvidenceFields,
};

/**
 * One AI-use finding as `/details` lists it (integrity.aiUse, issue 60): the rule, the question, when, the figures
 * and the rule's sentence, and the review that counts. Evidence for a reviewer; it changes no score and no status.
 */
export const AiUseEvidenceDetail = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('copied-question'), figures: CopiedQuestionFigures, ...common }),
    z.object({ kind: z.literal('transcribed'), figures: TranscribedFigures, ...common }),
    z.object({ kind: z.literal('burst-after-return'), figures: BurstAfterReturnFigures, ...common }),
    z.object({ kind: z.literal('rewritten'), figures: RewrittenFigures, ...common }),
  ])
  .meta({ id: 'AiUseEvidenceDetail' });
export type AiUseEvidenceDetail = z.infer<typeof AiUseEvidenceDetail>;

/** The findings as `/details` lists them, in time order, each with its id, its question's number and its review. */
export const aiUseDetails = (
  findings: readonly AiUseFinding[],
  numberOf: (questionId: number) => number | null,
  reviews?: EvidenceReviews,
): AiUseEvidenceDetail[] =>
  [...findings]
    .sort((a, b) => a.at - b.at)
    .map((finding) => {
      const eventId = aiUseEvidenceId(finding);
      return {
        ...finding,
        questionNumber: numberOf(finding.questionId),
        at: new Date(finding.at).toISOString(),
        rule: AI_USE_RULES[finding.kind],
        figuresText: aiUseFiguresText(finding),
        eventId,
        review: reviewOf(reviews, eventId),
      } as AiUseEvidenceDetail;
    });

/** The stored findings' ids: what a review may name. */
export const aiUseEvidenceIds = (findings: readonly AiUseFinding[]): string[] => findings.map(aiUseEvidenceId);

/** A finding read back from the store, checked. */
export const AiUseFindings = z.array(AiUseFinding);
