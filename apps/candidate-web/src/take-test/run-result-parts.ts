import type { ErrorLocation } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';

/** The printed output shown per case; the server cuts it too (at 4 KiB), this keeps the page light. */
const OUTPUT_SHOWN = 4_000;

export const formatTime = (ms: number): string => (ms < 1 ? 'under 1 ms' : ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`);

/** A term and its value in a result's list (`dl`). */
export const entry = (term: string, ...content: (Node | string | null)[]): HTMLElement => h('div', null, h('dt', null, term), h('dd', null, content));

/** What the parts of one result are called on the page: `testId` ends their test ids, `name` their labels. */
export interface ResultName {
  /** "1-0" (question 1, sample 0), "1-custom". */
  readonly testId: string;
  /** "sample 1", "your input". */
  readonly name: string;
}

/** An error: its message, and where in the code (line and column, and a button that puts the cursor there). */
export function errorEntry(
  result: { error?: string; errorLocation?: ErrorLocation },
  { testId }: ResultName,
  goTo: (line: number, column: number) => void,
): HTMLElement {
  const where = result.errorLocation;
  return entry(
    'Error',
    h('span', { class: 'case-error' }, result.error ?? ''),
    where ? h('span', { class: 'case-where', 'data-testid': `error-location-${testId}` }, ` (line ${where.line}, column ${where.column})`) : null,
    where
      ? h(
          'button',
          { type: 'button', class: 'link-button case-goto', 'data-testid': `error-goto-${testId}`, onclick: () => goTo(where.line, where.column) },
          `Go to line ${where.line} in the editor`,
        )
      : null,
  );
}

/** A Python run's whole traceback (every frame of the candidate's code, with its line), in a block that scrolls. */
export function tracebackBlock(traceback: string | undefined, { testId, name }: ResultName): HTMLElement | null {
  return traceback ? block('Traceback', traceback, `Traceback of ${name}`, `traceback-${testId}`, 'case-traceback') : null;
}

/** What the code printed, if anything, in a block that scrolls and can be focused. */
export function outputBlock(output: string | undefined, { testId, name }: ResultName): HTMLElement | null {
  if (!output) return null;
  const shown = output.length > OUTPUT_SHOWN ? `${output.slice(0, OUTPUT_SHOWN)}\n… (cut)` : output;
  return block('Output', shown, `Output of ${name}`, `sample-output-${testId}`, 'case-output');
}

function block(title: string, text: string, label: string, testId: string, kind: string): HTMLElement {
  return h(
    'div',
    { class: kind },
    h('p', { class: 'case-output-title', 'aria-hidden': 'true' }, title),
    h('pre', { class: 'case-output-text', tabindex: '0', role: 'region', 'aria-label': label, 'data-testid': testId }, text),
  );
}
