import type { CandidateCodingQuestion, ErrorLocation, TestCaseResult } from '@assay/domain/candidate';
import { h, replaceChildren } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import { formatValue } from './code-values.js';
import type { CodingLanguage } from './languages.js';
import { caseInput } from './task-view.js';
import { entry, errorEntry, formatTime, outputBlock, tracebackBlock } from './run-result-parts.js';

/**
 * The outcome of a sample run: a summary in a live region (the only part read out: "2 of 3 sample tests
 * passed."), then each case with its input, expected and actual value in the run's language (Python's
 * `None`, `True`, `'abc'` for Python) or its error (with its line and column, a way to that place in the
 * editor, and a Python traceback), its time and what it printed, in blocks that scroll and can be focused.
 */
export class SampleResults {
  readonly element: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLElement;
  private readonly id: string;

  constructor(
    private readonly question: CandidateCodingQuestion,
    private readonly goTo: (line: number, column: number) => void,
  ) {
    this.id = String(question.questionId);
    this.summary = h('p', { class: 'run-summary', role: 'status', 'data-testid': `run-status-${this.id}` });
    this.list = h('div', { class: 'run-cases' });
    this.element = h('div', { class: 'sample-results', 'data-testid': `sample-results-${this.id}` }, this.summary, this.list);
  }

  /** A run begins: the last results go (the progress line beside the buttons says where the run is). */
  clear(): void {
    this.summary.className = 'run-summary';
    this.summary.textContent = '';
    this.list.textContent = '';
  }

  failed(message: string): void {
    this.summary.className = 'run-summary run-some-failed';
    this.summary.textContent = `The sample tests could not be run: ${message}`;
    this.list.textContent = '';
  }

  cancelled(): void {
    this.summary.className = 'run-summary';
    this.summary.textContent = 'Run cancelled.';
    this.list.textContent = '';
  }

  /** Shows the outcome; answers the first error's place in the code, for the editor to mark. */
  show(cases: readonly TestCaseResult[], language: CodingLanguage): ErrorLocation | null {
    const passed = cases.filter((result) => result.passed).length;
    const total = cases.length;
    const located = cases.find((result) => result.errorLocation)?.errorLocation ?? null;
    this.summary.className = `run-summary ${passed === total ? 'run-all-passed' : 'run-some-failed'}`;
    this.summary.textContent =
      total === 0
        ? 'There are no sample tests for this question.'
        : `${passed} of ${plural(total, 'sample test')} passed.${located ? ` Error on line ${located.line}, column ${located.column}.` : ''}`;
    replaceChildren(
      this.list,
      total === 0
        ? null
        : h(
            'ol',
            { class: 'cases' },
            cases.map((result, index) => this.case(result, index, language)),
          ),
    );
    return located;
  }

  private case(result: TestCaseResult, index: number, language: CodingLanguage): HTMLElement {
    const name = { testId: `${this.id}-${index}`, name: `sample ${index + 1}` };
    return h(
      'li',
      {
        class: `case ${result.passed ? 'case-passed' : 'case-failed'}`,
        'data-testid': `sample-case-${this.id}-${index}`,
        'data-passed': String(result.passed),
      },
      h(
        'p',
        { class: 'case-head' },
        h('span', { class: 'case-badge' }, result.passed ? '✓ Passed' : '✗ Failed'),
        h('span', { class: 'case-name' }, `Sample ${index + 1}`),
      ),
      h(
        'dl',
        { class: 'case-values' },
        entry('Input', caseInput(this.question, result.args, language)),
        entry('Expected', h('code', null, result.display?.expected ?? formatValue(result.expected, language))),
        result.error !== undefined
          ? errorEntry(result, name, this.goTo)
          : entry('Got', h('code', null, result.display?.actual ?? formatValue(result.actual, language))),
        result.timeMs !== undefined ? entry('Time', formatTime(result.timeMs)) : null,
      ),
      tracebackBlock(result.traceback, name),
      outputBlock(result.output, name),
    );
  }
}
