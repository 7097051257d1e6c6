import { h } from '../lib/dom.js';
import { cellText, type QueryRows } from './rows-diff.js';

/** How a marked row is shown and said: an expected row the query did not return, or a returned row not expected. */
export type RowMark = 'missing' | 'extra';
const MARKS: Record<RowMark, { sign: string; words: string }> = {
  missing: { sign: '−', words: 'missing' },
  extra: { sign: '+', words: 'not expected' },
};

/**
 * Rows as a table with a header row, in a block that scrolls sideways on a narrow screen (a named, focusable region);
 * with `marked`, a first column marks the rows that differ (decision 1102), in words for screen readers.
 */
export function rowsTableBlock(
  title: string,
  rows: QueryRows,
  options: { label: string; testId: string; mark?: RowMark; marked?: readonly boolean[] },
): HTMLElement {
  const { mark, marked } = options;
  const markCell = (index: number) => {
    if (!mark || !marked) return null;
    if (!marked[index]) return h('td', { class: 'row-mark' });
    return h('td', { class: 'row-mark' }, h('span', { 'aria-hidden': 'true' }, MARKS[mark].sign), h('span', { class: 'sr-only' }, MARKS[mark].words));
  };
  return h(
    'div',
    { class: 'case-output' },
    h('p', { class: 'case-output-title', 'aria-hidden': 'true' }, title),
    rows.rows.length === 0
      ? h('p', { class: 'muted', 'data-testid': options.testId }, `No rows (columns: ${rows.columns.join(', ') || 'none'}).`)
      : h(
          'div',
          { class: 'sample-rows result-rows', tabindex: '0', role: 'region', 'aria-label': options.label, 'data-testid': options.testId },
          h(
            'table',
            null,
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                mark && marked ? h('th', { scope: 'col', class: 'row-mark' }, h('span', { class: 'sr-only' }, 'Difference')) : null,
                rows.columns.map((column) => h('th', { scope: 'col' }, column)),
              ),
            ),
            h(
              'tbody',
              null,
              rows.rows.map((row, index) =>
                h(
                  'tr',
                  { class: mark && marked?.[index] ? `row-${mark}` : null, 'data-marked': mark && marked?.[index] ? mark : null },
                  markCell(index),
                  row.map((value) => h('td', null, cellText(value))),
                ),
              ),
            ),
          ),
        ),
  );
}
