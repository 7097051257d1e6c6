import type { InvitationRow } from '../data/invitations-of-test.js';

/** What the SCORE cell shows of a row: the score and its maximum from 100 columns, else the percent. */
type ScoreFacts = Pick<InvitationRow, 'score' | 'maxScore' | 'scoreStatus' | 'percent'>;

/** The SCORE column's width, its one-cell padding included: "~18.67/23.5" whole when wide, "~100%" when narrow. */
export const scoreColumnWidth = (wide: boolean): number => (wide ? 12 : 7);

/**
 * The SCORE cell (issue 61 item 7, decision 1419): "18.67/23" was cut to "18.67/" in the 7 cells 80 columns leave
 * it, so below 100 columns it is the percent of the maximum, which always fits; "~" marks a provisional score, "—" none.
 */
export const scoreCellText = (row: ScoreFacts, wide: boolean): string => {
  if (row.score === null) return '—';
  const mark = row.scoreStatus === 'provisional' ? '~' : '';
  if (wide) return `${mark}${row.score}/${row.maxScore}`;
  return `${mark}${Math.round(row.percent ?? (row.maxScore > 0 ? (row.score / row.maxScore) * 100 : 0))}%`;
};
