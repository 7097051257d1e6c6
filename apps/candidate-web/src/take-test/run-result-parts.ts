import type { ErrorLocation } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { printedLines } from './printed-pieces.js';

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

/** Puts the caret at a line (and column, when known) in the editor. */
export type GoTo = (line: number, column?: number) => void;

/** "line 7, column 12", or "line 7" when the runtime named a line alone (decision 1103). */
export const placeWords = (where: ErrorLocation): string => `line ${where.line}${where.column !== undefined ? `, column ${where.column}` : ''}`;

/** A button that puts the caret at a place in the code. */
export const goToButton = (where: ErrorLocation, testId: string, goTo: GoTo): HTMLElement =>
  h(
    'button',
    { type: 'button', class: 'link-button case-goto', 'data-testid': testId, onclick: () => goTo(where.line, where.column) },
    `Go to line ${where.line} in the editor`,
  );

/** An error: its message, and where in the code (line, column when known, and a button that puts the cursor there). */
export function errorEntry(result: { error?: string; errorLocation?: ErrorLocation }, { testId }: ResultName, goTo: GoTo): HTMLElement {
  const where = result.errorLocation;
  return entry(
    'Error',
    h('span', { class: 'case-error' }, result.error ?? ''),
    where ? h('span', { class: 'case-where', 'data-testid': `error-location-${testId}` }, ` (${placeWords(where)})`) : null,
    where ? goToButton(where, `error-goto-${testId}`, goTo) : null,
  );
}

/** A Python run's whole traceback (every frame of the candidate's code, with its line), in a block that scrolls. */
export function tracebackBlock(traceback: string | undefined, { testId, name }: ResultName): HTMLElement | null {
  return traceback ? block('Traceback', traceback, `Traceback of ${name}`, `traceback-${testId}`, 'case-traceback') : null;
}

const cut = (text: string): string => (text.length > OUTPUT_SHOWN ? `${text.slice(0, OUTPUT_SHOWN)}\n… (cut)` : text);

/**
 * What the code printed, if anything, in a block that scrolls and can be focused: "Output" for what a function
 * printed, "Error output" for a stdin/stdout program's standard error (its standard output is its answer).
 */
export function outputBlock(output: string | undefined, { testId, name }: ResultName, stream: 'printed' | 'stderr' = 'printed'): HTMLElement | null {
  if (!output) return null;
  return stream === 'stderr'
    ? block('Error output', cut(output), `Error output of ${name}`, `error-output-${testId}`, 'case-output')
    : block('Output', cut(output), `Output of ${name}`, `sample-output-${testId}`, 'case-output');
}

/**
 * Text a program printed (or should print), as text: each newline shown by a ↵ and trailing spaces marked, drawn by
 * the style sheet so that the block's text stays exactly what was printed (decision 1102). Empty text says so.
 */
export function printedBlock(title: string, text: string, label: string, testId: string): HTMLElement {
  if (text === '')
    return h('div', { class: 'case-output' }, h('p', { class: 'case-output-title' }, title), h('p', { class: 'muted', 'data-testid': testId }, 'Nothing.'));
  const lines = printedLines(cut(text)).map((line) => [
    line.text,
    line.trailing ? h('span', { class: 'printed-trailing', title: 'trailing whitespace' }, line.trailing) : null,
    line.newline ? [h('span', { class: 'printed-eol' }), '\n'] : null,
  ]);
  return h(
    'div',
    { class: 'case-output' },
    h('p', { class: 'case-output-title', 'aria-hidden': 'true' }, title),
    h('pre', { class: 'case-output-text printed', tabindex: '0', role: 'region', 'aria-label': label, 'data-testid': testId }, lines),
  );
}

function block(title: string, text: string, label: string, testId: string, kind: string): HTMLElement {
  return h(
    'div',
    { class: kind },
    h('p', { class: 'case-output-title', 'aria-hidden': 'true' }, title),
    h('pre', { class: 'case-output-text', tabindex: '0', role: 'region', 'aria-label': label, 'data-testid': testId }, text),
  );
}
