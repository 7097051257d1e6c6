import type { InvitationSummary } from '@assay/domain/schemas';

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** Ten buckets of percent as ten cells: an empty bucket a space, the fullest a full block, the rest in between. */
export const distributionBars = (buckets: readonly { count: number }[]): string => {
  const most = Math.max(0, ...buckets.map((bucket) => bucket.count));
  return buckets.map(({ count }) => (count === 0 || most === 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.ceil((count / most) * BARS.length) - 1)])).join('');
};

const formatNumber = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The two lines above a test's invitations (issue 50 item 1): the stages, then the completion rate and the score
 * distribution. `decided` counts the loaded rows with a decision: the summary route does not count decisions, and the
 * list is loaded whole with it anyway. Each line fits 80 columns for counts under ten thousand (longer, the screen cuts it at its end).
 */
export const summaryLines = (summary: InvitationSummary, decided: number): [string, string] => {
  const { stages } = summary;
  const awaiting = summary.awaitingReview > 0 ? ` (${summary.awaitingReview} to review)` : '';
  // Expired only when there are some (decision 1390): most tests have none; with hundreds in each stage the line passes 80
  // columns, and the screen cuts its end (the decided count) as for larger counts.
  const expired = stages.Expired > 0 ? ` · expired ${stages.Expired}` : '';
  // "Not started", not "Invited": every row was invited; these have not begun (issue 61 item 7, decision 1418).
  const stagesLine = `Not started ${stages.Pending}${expired} · started ${stages['In progress']} · finished ${stages.Completed}${awaiting} · decided ${decided}`;
  const rate = summary.completionRate === null ? 'Completion —' : `Completion ${formatNumber(summary.completionRate)}%`;
  const scores =
    summary.scored === 0
      ? 'no scores yet'
      : `scores 0%[${distributionBars(summary.distribution)}]100% · median ${formatNumber(summary.score.median ?? 0)}` +
        (summary.percent.median === null ? '' : ` (${formatNumber(summary.percent.median)}%)`);
  return [stagesLine, `${rate} · ${scores}`];
};
