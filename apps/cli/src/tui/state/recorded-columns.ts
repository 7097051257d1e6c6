import type { InvitationRow } from '../data/invitations-of-test.js';

/**
 * Which of what the hiring team recorded gets its own column in the invitations list (issue 61 item 3, decision 1422):
 * the decision has one at every width; from 100 columns the mean rating (6 cells) joins it, and from 120 the tags
 * (16 cells), so 80 columns keep the name and email readable.
 */
export interface RecordedColumns {
  readonly rated: boolean;
  readonly tags: boolean;
  readonly widths: readonly number[];
  readonly headers: readonly string[];
}

const RATED_FROM = 100;
const TAGS_FROM = 120;

export const recordedColumnsAt = (columns: number): RecordedColumns => {
  const rated = columns >= RATED_FROM;
  const tags = columns >= TAGS_FROM;
  return {
    rated,
    tags,
    widths: [...(rated ? [6] : []), ...(tags ? [16] : [])],
    headers: [...(rated ? ['RATED'] : []), ...(tags ? ['TAGS'] : [])],
  };
};

/** "4.5" or "—" for the mean; the tags comma-joined (the cell cuts what does not fit), blank without any. */
export const recordedCells = (row: InvitationRow, columns: RecordedColumns): string[] => [
  ...(columns.rated ? [row.meanRating === null ? '—' : row.meanRating.toFixed(1)] : []),
  ...(columns.tags ? [row.tags.join(',')] : []),
];
