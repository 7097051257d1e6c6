import type { CandidateCodingQuestion, CustomRunResult, ErrorLocation } from '@assay/domain/candidate';
import type { JsonValue } from '@assay/domain/schemas';
import { h, replaceChildren } from '../lib/dom.js';
import { formatArguments, formatValue, parseArguments } from './code-values.js';
import type { LanguageId } from '@assay/domain/languages';
import type { RunControls } from './run-controls.js';
import { entry, errorEntry, formatTime, outputBlock, tracebackBlock } from './run-result-parts.js';
import { type ValueSyntax, valueSyntax } from './value-syntax.js';

const HINTS: Record<ValueSyntax, string> = {
  python: "Python values separated by commas, as between the parentheses of a call: 'text', [1, 2], {'key': 3}, None, True.",
  json: 'JSON values separated by commas, as between the parentheses of a call: "text", [1, 2], {"key": 3}, null, true.',
};

/** Long enough for any sensible arguments, far below the server's body limit. */
const MAX_INPUT_CHARACTERS = 20_000;

/**
 * A run with the candidate's own arguments, as HackerRank and Codility offer: a disclosure with the arguments
 * (prefilled with the first sample's, in the language's own syntax), its Run button, and what the function
 * returned and printed — no expected value, no verdict.
 */
export class CustomInput {
  readonly element: HTMLDetailsElement;
  readonly button: HTMLButtonElement;
  private readonly field: HTMLTextAreaElement;
  private readonly hint: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly values: HTMLElement;
  private readonly runRow: HTMLElement;
  private readonly id: string;
  private readonly fn: string;
  /** What the field held when the page last filled it: while the candidate has not changed it, a language change refills it. */
  private prefilled = '';

  constructor(
    private readonly question: CandidateCodingQuestion,
    language: LanguageId,
    private readonly goTo: (line: number, column: number) => void,
    onRun: () => void,
  ) {
    this.id = String(question.questionId);
    this.fn = question.functionName ?? 'solution';
    const fieldId = `custom-args-${this.id}`;
    this.hint = h('p', { class: 'hint hint-small', id: `${fieldId}-hint` });
    this.problem = h('p', { class: 'field-error', id: `${fieldId}-error`, 'data-testid': `${fieldId}-error`, hidden: true });
    this.field = h('textarea', {
      id: fieldId,
      class: 'custom-args',
      rows: 2,
      maxlength: MAX_INPUT_CHARACTERS,
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      'aria-describedby': `${fieldId}-hint`,
      'data-testid': fieldId,
    });
    this.field.addEventListener('input', () => this.showProblem(null));
    this.button = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `custom-run-${this.id}` }, 'Run with this input');
    this.button.addEventListener('click', onRun);
    this.runRow = h('div', { class: 'run-row' }, this.button);
    this.summary = h('p', { class: 'run-summary', role: 'status', 'data-testid': `custom-status-${this.id}` });
    this.values = h('div', { class: 'run-cases', 'data-testid': `custom-result-${this.id}` });
    this.element = h(
      'details',
      // Chromium exposes <details> as a group: named by its summary, not an unnamed group in the coding pane.
      { class: 'custom-input', 'data-testid': `custom-input-${this.id}`, 'aria-labelledby': `custom-toggle-${this.id}` },
      h('summary', { id: `custom-toggle-${this.id}`, 'data-testid': `custom-toggle-${this.id}` }, 'Try your own input'),
      h(
        'div',
        { class: 'custom-input-body' },
        h('label', { for: fieldId, class: 'field-label' }, `Arguments for ${this.fn}(…)`),
        this.hint,
        this.field,
        this.problem,
        this.runRow,
        this.summary,
        this.values,
      ),
    );
    this.setLanguage(language);
  }

  /** Cancel beside this panel's Run button, and the line that says where its run is under them. */
  placeControls(controls: RunControls): void {
    this.runRow.append(controls.cancel);
    this.runRow.after(controls.progress);
  }

  /** The hint, and the arguments when the candidate has not changed them, follow the language. */
  setLanguage(language: LanguageId): void {
    this.hint.textContent = HINTS[valueSyntax(language)];
    if (this.field.value !== this.prefilled) return;
    const first = this.question.sampleTests?.[0];
    this.prefilled = first ? formatArguments(first.args, language) : '';
    this.field.value = this.prefilled;
  }

  /** The arguments, or null after saying what is wrong with them (by the field, which gets the focus). */
  readArguments(language: LanguageId): JsonValue[] | null {
    const parsed = parseArguments(this.field.value, language);
    if (parsed.ok) return parsed.args;
    this.showProblem(parsed.message);
    this.field.focus();
    return null;
  }

  clear(): void {
    this.summary.className = 'run-summary';
    this.summary.textContent = '';
    this.values.textContent = '';
  }

  failed(message: string): void {
    this.clear();
    this.summary.className = 'run-summary run-some-failed';
    this.summary.textContent = `Your input could not be run: ${message}`;
  }

  cancelled(): void {
    this.clear();
    this.summary.textContent = 'Run cancelled.';
  }

  /** What the call returned (or its error) and printed; answers the error's place in the code, for the editor to mark. */
  show(result: CustomRunResult, language: LanguageId): ErrorLocation | null {
    const where = result.errorLocation ?? null;
    const failed = result.error !== undefined;
    this.summary.className = `run-summary ${failed ? 'run-some-failed' : ''}`;
    this.summary.textContent = failed ? `The call ended with an error${where ? ` on line ${where.line}, column ${where.column}` : ''}.` : 'The call returned.';
    const name = { testId: `${this.id}-custom`, name: 'your input' };
    const args = result.args.map((arg) => formatValue(arg, language)).join(', ');
    replaceChildren(
      this.values,
      h(
        'div',
        { class: `case ${failed ? 'case-failed' : 'case-custom'}` },
        h(
          'dl',
          { class: 'case-values' },
          entry('Input', h('code', { class: 'case-call' }, `${this.fn}(${args})`)),
          failed
            ? errorEntry(result, name, this.goTo)
            : entry('Returned', h('code', { 'data-testid': `custom-returned-${this.id}` }, result.display?.actual ?? formatValue(result.actual, language))),
          result.timeMs !== undefined ? entry('Time', formatTime(result.timeMs)) : null,
        ),
        tracebackBlock(result.traceback, name),
        outputBlock(result.output, name),
      ),
    );
    return where;
  }

  private showProblem(message: string | null): void {
    this.problem.textContent = message ? `These arguments cannot be read: ${message}` : '';
    this.problem.hidden = message === null;
    if (message) {
      this.field.setAttribute('aria-invalid', 'true');
      this.field.setAttribute('aria-describedby', `${this.field.id}-error ${this.field.id}-hint`);
    } else {
      this.field.removeAttribute('aria-invalid');
      this.field.setAttribute('aria-describedby', `${this.field.id}-hint`);
    }
  }
}
