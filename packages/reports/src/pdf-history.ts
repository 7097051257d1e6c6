import { historyLines, historyOmissionLines, type InvitationHistory } from '@assay/domain';
import { displayIso } from './format.js';
import { LEFT, MUTED, WIDTH, heading, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { drawTable } from './pdf-table.js';
import { TEXT_BUDGETS, withinBudget } from './pdf-text-budget.js';

/**
 * The appendix "History" (issue 32, item 6): what happened to the invitation, oldest first — when, what, by whom —
 * as `GET /v2/org/testinvitation/{id}/history` answers it when the PDF is made. On a page of its own, after the report.
 * Under the table, one line per kind of which only the first and last entries are kept (decision 634).
 */
export const drawHistory = (doc: Doc, cursor: Cursor, history: InvitationHistory): void => {
  cursor.newPage();
  heading(doc, cursor, 'Appendix: History');
  drawTable(
    doc,
    cursor,
    [{ header: 'When (UTC)', width: 120 }, { header: 'What' }, { header: 'By', width: 130 }],
    historyLines(history.entries).map(({ at, what, by }) => [
      { text: displayIso(at).replace(' UTC', '') },
      { text: withinBudget(what, TEXT_BUDGETS.history) },
      { text: by },
    ]),
    'Nothing recorded',
  );
  for (const line of historyOmissionLines(history.omitted)) {
    cursor.ensure(14);
    cursor.y += putWrapped(doc, line, LEFT, cursor.y, WIDTH, { size: 9, color: MUTED }) + 2;
  }
};
