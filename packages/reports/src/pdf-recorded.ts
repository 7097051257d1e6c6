import { recordedSummaryText, type ReportDetails } from '@assay/domain';
import { BOLD, INK, LEFT, WIDTH, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { TEXT_BUDGETS, withinBudget } from './pdf-text-budget.js';

/**
 * The first page's line of what the hiring team recorded (issue 61 item 3, decision 1416): the decision and its reason,
 * the tags, the mean rating and how many rated, under the score cards, so the page a manager reads first says where
 * the team stands. Who and when stay in the "Decision" section further on. Nothing recorded: no line.
 */
export const drawRecorded = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  if (!details.recorded) return;
  const reason = details.recorded.decisionReason;
  const text = recordedSummaryText({ ...details.recorded, decisionReason: reason === null ? null : withinBudget(reason, TEXT_BUDGETS.comment) });
  if (text === null) return;
  cursor.y += putWrapped(doc, `Recorded: ${text}`, LEFT, cursor.y, WIDTH, { font: BOLD, size: 10, color: INK }) + 8;
};
