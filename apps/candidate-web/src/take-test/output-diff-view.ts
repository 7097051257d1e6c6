import { h } from '../lib/dom.js';
import { differs, firstDifference, outputDiff } from './output-diff.js';
import type { ResultName } from './run-result-parts.js';

const SIGNS = { same: ' ', missing: '−', extra: '+' } as const;
const SAID = { same: '', missing: 'expected, missing: ', extra: 'not expected: ' } as const;

/**
 * A failing stdin/stdout case's output against the expected one (decision 1102): the first difference in words,
 * then every line, − for an expected line the output lacks and + for a line not expected (said to screen readers in
 * words). Nothing when the rule reads them as equal (the case failed for another reason, said by its error).
 */
export function outputDiffBlock(expected: string, actual: string, { testId, name }: ResultName): HTMLElement | null {
  const lines = outputDiff(expected, actual);
  if (lines !== null && !differs(lines)) return null;
  const title = h('p', { class: 'case-output-title' }, 'Differences');
  if (lines === null) {
    return h(
      'div',
      { class: 'case-diff' },
      title,
      h('p', { 'data-testid': `output-diff-${testId}` }, 'The outputs are too different to compare line by line.'),
    );
  }
  return h(
    'div',
    { class: 'case-diff' },
    title,
    h('p', { class: 'case-diff-summary', 'data-testid': `output-diff-summary-${testId}` }, firstDifference(lines)),
    h(
      'pre',
      {
        class: 'case-output-text case-diff-lines',
        tabindex: '0',
        role: 'region',
        'aria-label': `Differences of ${name}`,
        'data-testid': `output-diff-${testId}`,
      },
      lines.map((line) =>
        h(
          'span',
          { class: `diff-line diff-${line.kind}`, 'data-kind': line.kind },
          h('span', { class: 'diff-sign', 'aria-hidden': 'true' }, SIGNS[line.kind]),
          line.kind === 'same' ? null : h('span', { class: 'sr-only' }, SAID[line.kind]),
          `${line.text}\n`,
        ),
      ),
    ),
  );
}
