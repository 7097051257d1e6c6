import { z } from 'zod';
import { CandidateDecision } from './candidate-decision.js';
import { meanRating } from './candidate-rating.js';

/**
 * What the hiring team recorded on one invitation, in one line's worth (issue 61 item 3): the decision and its reason,
 * the tags, and the mean of the ratings with how many there are. The workbook's Candidates sheet, the PDF's first
 * page, `/details` and the TUI show this, so a manager reads it where they already look (decision 1413).
 */
export const RecordedSummary = z
  .object({
    decision: CandidateDecision.nullable().meta({ description: 'null: no decision.' }),
    decisionReason: z.string().nullable().meta({ description: 'Why, as given with the decision; null without one.' }),
    tags: z.array(z.string()).meta({ description: 'Normalised, sorted.' }),
    meanRating: z.number().nullable().meta({ description: 'Mean of the ratings, one decimal; null without any.' }),
    ratings: z.int().min(0).meta({ description: 'How many keys rated the candidate.' }),
  })
  .meta({ id: 'RecordedSummary' });
export type RecordedSummary = z.infer<typeof RecordedSummary>;

/** Nothing recorded: no decision, tags or ratings. */
export const NOTHING_RECORDED: RecordedSummary = { decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 };

/** The summary of what was recorded, the mean worked out here once for every front. */
export const recordedSummary = (recorded: {
  readonly decision: { readonly decision: CandidateDecision; readonly reason: string | null } | null;
  readonly tags: readonly string[];
  readonly ratings: readonly { readonly rating: number }[];
}): RecordedSummary => ({
  decision: recorded.decision?.decision ?? null,
  decisionReason: recorded.decision?.reason ?? null,
  tags: [...recorded.tags],
  meanRating: meanRating(recorded.ratings),
  ratings: recorded.ratings.length,
});

/** "shortlisted — strong tests · tags a, b · rated 4.5 (2)": the summary in one line, or null when nothing is recorded. */
export const recordedSummaryText = (summary: RecordedSummary): string | null => {
  const parts = [
    summary.decision ? `${summary.decision}${summary.decisionReason ? ` — ${summary.decisionReason}` : ''}` : null,
    summary.tags.length > 0 ? `tags ${summary.tags.join(', ')}` : null,
    summary.meanRating === null ? null : `rated ${summary.meanRating} (${summary.ratings} rating${summary.ratings === 1 ? '' : 's'})`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
};
