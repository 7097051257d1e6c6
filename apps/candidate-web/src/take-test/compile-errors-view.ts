import type { CompileError, ErrorLocation } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import type { ErrorMark } from './editor.js';
import { goToButton, placeWords, type GoTo } from './run-result-parts.js';

/** Errors listed (each with a Go to button, a Tab stop); the rest are counted. The editor marks them all. */
export const COMPILE_ERRORS_SHOWN = 20;

/** An error's place in the code, when the compiler gave its line. */
const placeOf = ({ line, column }: CompileError): ErrorLocation | null => (line === undefined ? null : { line, ...(column !== undefined ? { column } : {}) });

/** Every compile error with a line, for the editor to mark. */
export const compileErrorMarks = (errors: readonly CompileError[]): ErrorMark[] =>
  errors.flatMap(({ message, line, column }) => (line === undefined ? [] : [{ line, column, message }]));

/** "Your code did not compile: 3 errors, the first on line 4." */
export function compileSummary(errors: readonly CompileError[]): string {
  const first = errors.find((error) => error.line !== undefined);
  return `Your code did not compile: ${plural(errors.length, 'error')}${first?.line !== undefined ? `, the first on line ${first.line}` : ''}.`;
}

/**
 * Every error the compiler gave for the candidate's file (decision 1104), in its order: where (line, and column when
 * known), what it said, and a button that puts the caret there. Past COMPILE_ERRORS_SHOWN the list says how many more:
 * later errors often follow from the first.
 */
export function compileErrorsList(errors: readonly CompileError[], id: string, goTo: GoTo): HTMLElement {
  const shown = errors.slice(0, COMPILE_ERRORS_SHOWN);
  const more = errors.length - shown.length;
  return h(
    'div',
    { class: 'compile-errors', 'data-testid': `compile-errors-${id}` },
    h('p', { class: 'case-output-title' }, 'Compiler errors'),
    h(
      'ol',
      { class: 'compile-error-list' },
      shown.map((error, index) => {
        const where = placeOf(error);
        return h(
          'li',
          { class: 'case case-failed', 'data-testid': `compile-error-${id}-${index}` },
          h(
            'p',
            { class: 'case-head' },
            h('span', { class: 'case-where' }, where ? `On ${placeWords(where)}:` : 'Error:'),
            h('span', { class: 'case-error' }, error.message),
          ),
          where ? goToButton(where, `compile-goto-${id}-${index}`, goTo) : null,
        );
      }),
    ),
    more > 0
      ? h(
          'p',
          { class: 'hint hint-small' },
          `… and ${plural(more, 'more error')}, marked in the editor. Later errors often follow from the first: fix it and run again.`,
        )
      : null,
  );
}
