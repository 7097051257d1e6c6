import { historyActorText, type CandidateEvaluation } from '@assay/domain';
import { displayIso } from './format.js';
import { LEFT, MUTED, WIDTH, heading, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { TEXT_BUDGETS, withinBudget } from './pdf-text-budget.js';

const line = (doc: Doc, cursor: Cursor, text: string, muted = false): void => {
  cursor.ensure(14);
  cursor.y += putWrapped(doc, text, LEFT, cursor.y, WIDTH, { size: 10, ...(muted ? { color: MUTED } : {}) }) + 3;
};

/**
 * "Decision" (issue 50 item 2): the hiring team's decision with who and why, the tags, each rating with its rater and
 * each note with its author, as `GET …/evaluation` answers them when the PDF is made. Drawn only when anything is recorded.
 * Who is named as the history names them (decision 758).
 */
export const drawEvaluation = (doc: Doc, cursor: Cursor, evaluation: CandidateEvaluation): void => {
  const { decision, tags, notes, ratings } = evaluation;
  if (!decision && tags.length === 0 && notes.length === 0 && ratings.length === 0) return;
  cursor.newPage();
  heading(doc, cursor, 'Decision');
  line(
    doc,
    cursor,
    decision
      ? `Decision: ${decision.decision}, by ${historyActorText(decision.decidedBy)}, ${displayIso(decision.decidedAt)}${decision.reason ? ` — ${withinBudget(decision.reason, TEXT_BUDGETS.comment)}` : ''}`
      : 'Decision: none',
  );
  if (tags.length > 0) line(doc, cursor, `Tags: ${tags.join(', ')}`);
  if (ratings.length > 0) {
    const each = ratings.map((rating) => `${rating.rating} by ${historyActorText(rating.ratedBy)}`).join('; ');
    line(doc, cursor, `Ratings (mean ${evaluation.meanRating}): ${each}`);
  }
  for (const note of notes) {
    line(
      doc,
      cursor,
      `Note by ${historyActorText(note.author)}, ${displayIso(note.createdAt)}${note.editedAt ? ` (edited ${displayIso(note.editedAt)})` : ''}`,
      true,
    );
    line(doc, cursor, withinBudget(note.text, TEXT_BUDGETS.comment));
  }
};
