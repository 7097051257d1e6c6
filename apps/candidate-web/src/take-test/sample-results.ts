import type { CandidateCodingQuestion, CompileErrors, TestCaseResult } from '@assay/domain/candidate';
import { h, replaceChildren } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import { formatValue } from './code-values.js';
import { compileErrorMarks, compileErrorsList, compileSummary } from './compile-errors-view.js';
import type { ErrorMark } from './editor.js';
import { sqlParts, stdioParts } from './form-results.js';
import type { CodingLanguage } from './languages.js';
import { caseInput } from './task-view.js';
import { entry, errorEntry, formatTime, type GoTo, outputBlock, placeWords, type ResultName, tracebackBlock } from './run-result-parts.js';

/** What a finished sample run gives the view: one result per sample, and every compile error when it did not build. */
export interface SampleOutcome {
  readonly results?: readonly TestCaseResult[] | undefined;
  readonly compileErrors?: CompileErrors | undefined;
}

/** Every distinct place a run found an error, for the editor to mark. */
export const errorMarks = (errors: readonly { error?: string; errorLocation?: { line: number; column?: number } }[]): ErrorMark[] => {
  const seen = new Set<string>();
  return errors.flatMap(({ error, errorLocation }) => {
    if (!errorLocation) return [];
    const key = `${errorLocation.line}:${errorLocation.column ?? ''}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...errorLocation, message: error }];
  });
};

/**
 * The outcome of a sample run: a summary in a live region (the only part read out: "2 of 3 sample tests
 * passed."), then each case in its question's form — a function's input, expected and actual value in the run's
 * language (Python's `None`, `True`, `'abc'` for Python); a program's input and output as text; a query's rows as
 * tables; for a failing stdin/stdout or SQL sample what differs (decision 1102) — or its error (its line, its column
 * when known, a way to that place in the editor, a Python traceback), its time and what it printed. A program that did
 * not build shows every compiler error instead (decision 1104).
 */
export class SampleResults {
  readonly element: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLElement;
  private readonly id: string;

  constructor(
    private readonly question: CandidateCodingQuestion,
    private readonly goTo: GoTo,
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

  /** Shows the outcome; answers the places of its errors in the code, for the editor to mark. */
  show({ results: cases = [], compileErrors = [] }: SampleOutcome, language: CodingLanguage): ErrorMark[] {
    const passed = cases.filter((result) => result.passed).length;
    const total = cases.length;
    const counted = `${passed} of ${plural(total, 'sample test')} passed.`;
    this.summary.className = `run-summary ${total > 0 && passed === total ? 'run-all-passed' : 'run-some-failed'}`;
    if (compileErrors.length > 0) {
      this.summary.textContent = `${counted} ${compileSummary(compileErrors)}`;
      replaceChildren(this.list, compileErrorsList(compileErrors, this.id, this.goTo));
      return compileErrorMarks(compileErrors);
    }
    const located = cases.find((result) => result.errorLocation)?.errorLocation;
    this.summary.textContent = total === 0 ? 'There are no sample tests for this question.' : `${counted}${located ? ` Error on ${placeWords(located)}.` : ''}`;
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
    return errorMarks(cases);
  }

  private case(result: TestCaseResult, index: number, language: CodingLanguage): HTMLElement {
    const name: ResultName = { testId: `${this.id}-${index}`, name: `sample ${index + 1}` };
    const form = this.question.form;
    const time = result.timeMs !== undefined ? entry('Time', h('span', { 'data-testid': `case-time-${name.testId}` }, formatTime(result.timeMs))) : null;
    const error = result.error !== undefined ? errorEntry(result, name, this.goTo) : null;
    const shown = { ...result, failed: !result.passed };
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
      form === 'function'
        ? [
            h(
              'dl',
              { class: 'case-values' },
              entry('Input', caseInput(this.question, result.args, language)),
              entry('Expected', h('code', null, result.display?.expected ?? formatValue(result.expected, language))),
              error ?? entry('Got', h('code', null, result.display?.actual ?? formatValue(result.actual, language))),
              time,
            ),
            tracebackBlock(result.traceback, name),
            outputBlock(result.output, name),
          ]
        : [
            error || time ? h('dl', { class: 'case-values' }, error, time) : null,
            form === 'stdio' ? stdioParts(shown, name) : sqlParts(shown, this.question, name),
          ],
    );
  }
}
