import type { ReportDetails } from '@assay/domain';
import { BOLD, LEFT, MUTED, WIDTH, heading, linesOf, put, type Cursor, type Doc } from './pdf-layout.js';

/** A short block: the candidate's words past this many lines are in the report details (decision 968). */
export const FEEDBACK_LINES = 8;
const SIZE = 9.5;
const STEP = SIZE * 1.35;

/** The candidate's own feedback on the test (issue 52), when they gave some: the rating, then their words. */
export const drawFeedback = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const feedback = details.candidateFeedback;
  if (!feedback) return;
  const lines = feedback.text === null ? [] : linesOf(doc, feedback.text, WIDTH, { size: SIZE });
  const shown = lines.slice(0, FEEDBACK_LINES);
  cursor.ensure(20 + 16 + STEP * Math.min(3, shown.length));
  heading(doc, cursor, 'Candidate feedback');
  put(doc, feedback.rating === null ? 'No rating given' : `Rating: ${feedback.rating} of 5`, LEFT, cursor.y, WIDTH, { font: BOLD, size: SIZE });
  cursor.y += 16;
  for (const line of shown) {
    cursor.ensure(STEP);
    put(doc, line, LEFT, cursor.y, WIDTH, { size: SIZE });
    cursor.y += STEP;
  }
  const note =
    lines.length > shown.length
      ? 'The rest of the candidate’s words are in the report details.'
      : 'In the candidate’s own words, after the test ended; it does not change the score.';
  cursor.ensure(14);
  put(doc, note, LEFT, cursor.y + 2, WIDTH, { size: 7.5, color: MUTED });
  cursor.y += 16;
};
